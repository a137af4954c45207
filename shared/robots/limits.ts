/** RFC 9309 section 2.5: a parser must read at least 500 KiB; beyond that crawlers may stop. */
export const ROBOTS_PARSE_LIMIT_BYTES = 500 * 1024;

/** Problems kept per file: enough to report, not enough to grow without bound on hostile input. */
export const ROBOTS_MAX_PROBLEMS = 50;
