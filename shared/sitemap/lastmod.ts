import type { ParsedSitemap } from './parse.js';
import { parseW3cDatetime } from './w3c-datetime.js';

export interface LastmodStats {
  entries: number;
  /** Entries with a `<lastmod>` at all. */
  present: number;
  /** Entries whose `<lastmod>` is a valid W3C datetime not in the future. */
  valid: number;
  /** Up to three invalid values, for messages. */
  invalidExamples: string[];
  /** Valid-looking dates later than `now` (search engines ignore those). */
  future: number;
}

/** Allowed clock skew between the site and the auditor before a lastmod counts as "in the future". */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

export function lastmodStats(parsed: ParsedSitemap, now: Date): LastmodStats {
  const stats: LastmodStats = { entries: parsed.entries.length, present: 0, valid: 0, invalidExamples: [], future: 0 };
  for (const { lastmod } of parsed.entries) {
    if (lastmod === null) continue;
    stats.present++;
    const date = parseW3cDatetime(lastmod);
    if (!date) {
      if (stats.invalidExamples.length < 3) stats.invalidExamples.push(lastmod.slice(0, 40));
    } else if (date.getTime() > now.getTime() + FUTURE_SLACK_MS) {
      stats.future++;
    } else {
      stats.valid++;
    }
  }
  return stats;
}
