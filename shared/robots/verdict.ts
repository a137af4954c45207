import type { ParsedRobots, RobotsRule } from './types.js';
import { robotsPatternMatches } from './pattern.js';
import { normalizeRobotsPath } from './path.js';
import { selectGroup } from './groups.js';

export interface RobotsDecision {
  allowed: boolean;
  /** The deciding rule; null when no rule matched (allowed by default). */
  rule: RobotsRule | null;
  /** Which token's group applied (`*`, a fallback such as `googlebot`), or null. */
  via: string | null;
}

/**
 * RFC 9309 section 2.2.2: among the rules of the agent's group that match the path, the longest
 * pattern wins; on a tie between Allow and Disallow, Allow wins. No match: allowed.
 * `/robots.txt` itself is always allowed.
 */
export function robotsVerdictFor(robots: ParsedRobots, agent: string, path: string): RobotsDecision {
  const target = normalizeRobotsPath(path || '/');
  const group = selectGroup(robots, agent);
  if (target === '/robots.txt') return { allowed: true, rule: null, via: group.via };
  let best: RobotsRule | null = null;
  for (const rule of group.rules) {
    if (!robotsPatternMatches(rule.pattern, target)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) {
      best = rule;
    }
  }
  return { allowed: best ? best.allow : true, rule: best, via: group.via };
}
