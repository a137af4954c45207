/**
 * WebMCP runtimes that host tools but register none of their own: the MCP-B polyfill and global
 * runtime, the Chrome Labs demo polyfill, or anything installing `document.modelContext` itself.
 * Their bundles contain `modelContext` and `registerTool({name:…})` plumbing (the main false
 * positive), so a fingerprint suppresses the computed and pass-through calls inside them.
 */
export interface PolyfillFingerprint {
  offset: number;
  marker: string;
  library: string;
}

// Markers verified in the packed bundles (docs/research/webmcp.md#polyfills-and-libraries), each searched on its own: a single
// literal runs with Boyer-Moore, an alternation of them about ten times slower.
const MARKERS = [
  '__isWebMCPPolyfill',
  '__webMCPPolyfillOptions',
  'WebMCPPolyfill',
  '__webModelContextOptions',
  '__isBrowserMcpServer',
  '__webmcp_registered_tools',
];
// defineProperty(document | Document.prototype, "modelContext", {…}) under any alias of defineProperty.
const INSTALL_TARGET = /\b(?:document|Document\.prototype)\s*,\s*$/;
const INSTALL_DESCRIPTOR = /^\s*,\s*\{/;

const GLOBAL_RUNTIME = ['__isBrowserMcpServer', '__webModelContextOptions'];
const MCPB_POLYFILL = ['__webMCPPolyfillOptions', 'WebMCPPolyfill'];
const CHROMELABS = ['__webmcp_registered_tools', 'WEBMCP_GET_TOOLS_REQUEST'];

export function polyfillFingerprint(src: string): PolyfillFingerprint | null {
  let best: { offset: number; marker: string } | null = null;
  for (const marker of MARKERS) {
    const offset = src.indexOf(marker);
    if (offset !== -1 && (!best || offset < best.offset)) best = { offset, marker };
  }
  const install = installsModelContext(src);
  if (install !== -1 && (!best || install < best.offset)) best = { offset: install, marker: 'modelContext' };
  return best && { ...best, library: libraryOf(src) };
}

/** Offset of a `(document, "modelContext", {` argument triple, or -1. */
function installsModelContext(src: string): number {
  for (let i = src.indexOf('modelContext'); i !== -1; i = src.indexOf('modelContext', i + 12)) {
    const quote = src[i - 1];
    if ((quote !== '"' && quote !== "'" && quote !== '`') || src[i + 12] !== quote) continue;
    if (INSTALL_DESCRIPTOR.test(src.slice(i + 13, i + 33)) && INSTALL_TARGET.test(src.slice(Math.max(0, i - 41), i - 1))) {
      return i - 1;
    }
  }
  return -1;
}

function libraryOf(src: string): string {
  const has = (markers: string[]) => markers.some((m) => src.includes(m));
  if (has(GLOBAL_RUNTIME)) return '@mcp-b/global';
  if (has(MCPB_POLYFILL)) return '@mcp-b/webmcp-polyfill';
  if (has(CHROMELABS)) return 'chromelabs-polyfill';
  return 'unknown';
}
