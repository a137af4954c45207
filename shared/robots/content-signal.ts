import type { ParsedRobots, RobotsExtension } from './types.js';
import { normalizeRobotsPath } from './path.js';
import { robotsPatternMatches } from './pattern.js';

/** One `Content-Signal:` line (Cloudflare's Content Signals Policy): `search=yes, ai-input=no, ai-train=no`. */
export interface ContentSignalLine {
  line: number;
  /** Agents of the group it sits in; empty when outside any group. */
  agents: string[];
  /** Optional leading path the signal is limited to. */
  path: string | null;
  /** Lower-cased signal name → lower-cased value (`yes` / `no`). */
  values: Record<string, string>;
}

export function contentSignalLines(robots: ParsedRobots): ContentSignalLine[] {
  const out: ContentSignalLine[] = [];
  const take = (ext: RobotsExtension, agents: string[]) => {
    if (ext.key !== 'content-signal') return;
    let rest = ext.value;
    let path: string | null = null;
    if (rest.startsWith('/')) {
      const space = rest.search(/\s/);
      path = space < 0 ? rest : rest.slice(0, space);
      rest = space < 0 ? '' : rest.slice(space + 1);
    }
    const values: Record<string, string> = {};
    for (const part of rest.split(',')) {
      const m = /^\s*([A-Za-z0-9_-]+)\s*=\s*([A-Za-z0-9_-]+)\s*$/.exec(part);
      if (m) values[m[1]!.toLowerCase()] = m[2]!.toLowerCase();
    }
    out.push({ line: ext.line, agents, path, values });
  };
  for (const ext of robots.global) take(ext, []);
  for (const group of robots.groups) for (const ext of group.extensions) take(ext, group.agents);
  return out;
}

/** Content-Signal lines that cover this path (no path, or a matching path prefix). */
export function contentSignalsForPath(robots: ParsedRobots, path: string): ContentSignalLine[] {
  const target = normalizeRobotsPath(path || '/');
  return contentSignalLines(robots).filter((s) => !s.path || robotsPatternMatches(normalizeRobotsPath(s.path), target));
}
