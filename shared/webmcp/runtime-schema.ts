/** The most of a live tool's serialised inputSchema the extension keeps; a longer one is cut there and not judged. */
export const RUNTIME_SCHEMA_MAX = 8 * 1024;
