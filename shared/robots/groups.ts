import type { ParsedRobots, RobotsExtension, RobotsRule } from './types.js';

/**
 * Agents that obey another token's group when robots.txt has none for them. Apple documents that
 * Applebot follows Googlebot's instructions when Applebot is not named. A Map, not an object: the
 * token comes from the caller, and `constructor` or `__proto__` must not reach Object.prototype.
 */
const FALLBACK_TOKENS: ReadonlyMap<string, readonly string[]> = new Map([['applebot', ['googlebot']]]);

export interface SelectedGroup {
  /** The token whose groups apply (`applebot`, `googlebot` by fallback, `*`), or null: no group. */
  via: string | null;
  rules: RobotsRule[];
  extensions: RobotsExtension[];
}

/**
 * RFC 9309 section 2.2.1: every group naming the agent's product token (case-insensitively),
 * merged; else the documented fallback token's groups; else the `*` groups, merged; else nothing.
 */
export function selectGroup(robots: ParsedRobots, agent: string): SelectedGroup {
  const token = agent.toLowerCase();
  for (const candidate of [token, ...(FALLBACK_TOKENS.get(token) ?? []), '*']) {
    const groups = robots.groups.filter((g) => g.agents.includes(candidate));
    if (groups.length) {
      return {
        via: candidate,
        rules: groups.flatMap((g) => g.rules),
        extensions: groups.flatMap((g) => g.extensions),
      };
    }
  }
  return { via: null, rules: [], extensions: [] };
}

/** True when robots.txt has a group naming this agent itself (not through `*` or a fallback). */
export function namesAgent(robots: ParsedRobots, agent: string): boolean {
  const token = agent.toLowerCase();
  return robots.groups.some((g) => g.agents.includes(token));
}
