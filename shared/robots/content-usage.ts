import type { ParsedRobots } from './types.js';
import { normalizeRobotsPath } from './path.js';
import { robotsPatternMatches } from './pattern.js';
import { parseUsagePreferences, type UsagePreferences } from './usage-preferences.js';

/** The `Content-Usage:` rule that applies to a path within one group (draft-ietf-aipref-attach). */
export interface ContentUsageMatch {
  line: number;
  agents: string[];
  path: string;
  prefs: UsagePreferences;
}

/**
 * Per group, the Content-Usage rule whose path is the longest match for the page path
 * (`Content-Usage: /path train-ai=n`). Rules without a leading path are malformed and skipped.
 */
export function contentUsageForPath(robots: ParsedRobots, path: string): ContentUsageMatch[] {
  const target = normalizeRobotsPath(path || '/');
  const out: ContentUsageMatch[] = [];
  for (const group of robots.groups) {
    let best: ContentUsageMatch | null = null;
    let bestLength = -1;
    for (const ext of group.extensions) {
      if (ext.key !== 'content-usage') continue;
      const m = /^(\/\S*)\s+(.+)$/.exec(ext.value);
      if (!m) continue;
      const pattern = normalizeRobotsPath(m[1]!);
      if (!robotsPatternMatches(pattern, target) || pattern.length <= bestLength) continue;
      bestLength = pattern.length;
      best = { line: ext.line, agents: group.agents, path: m[1]!, prefs: parseUsagePreferences(m[2]!) };
    }
    if (best) out.push(best);
  }
  return out;
}
