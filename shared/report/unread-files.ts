import type { Issue } from '../types/audit.js';

/** The informational rule an audit made in a browser adds for site files the browser would not let it read. */
const UNREAD_IN_BROWSER = 'site-files.unread-in-browser';

/**
 * Why the crawler verdicts are unknown, or null when they stand: robots.txt could not be read from the
 * browser, so no agent is known to be allowed or blocked (the engine judges none blocked by it).
 */
export function crawlersUnknownReason(issues: readonly Pick<Issue, 'rule' | 'title'>[]): string | null {
  return issues.some((i) => i.rule === UNREAD_IN_BROWSER && /robots\.txt/.test(i.title))
    ? 'robots.txt could not be read from the browser'
    : null;
}
