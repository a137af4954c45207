/**
 * What a robots.txt fix must hold, read back with the engine's own parser: the agents it opens may read the
 * given paths, the agents it closes may not, and every other agent (those Citable judges and those the file
 * names) gets the same verdict as before on the given paths and on a sample of the paths the file's rules name.
 */
import { parseRobotsTxt } from '../../robots/parse.js';
import { robotsVerdictFor } from '../../robots/verdict.js';
import { selectGroup } from '../../robots/groups.js';
import type { RobotsFixOptions, RobotsFixResult } from './fix-robots.js';
import { JUDGED_AGENTS } from './robots-agents.js';

const MAX_PROBES = 40;

export function robotsFixProblems(before: string, fix: RobotsFixResult, options: RobotsFixOptions): string[] {
  const was = parseRobotsTxt(before);
  const now = parseRobotsTxt(fix.content);
  const problems: string[] = [];
  for (const agent of fix.opened) {
    for (const p of options.paths) if (!robotsVerdictFor(now, agent, p).allowed) problems.push(`${agent} is still refused ${p}`);
  }
  for (const agent of fix.closed) {
    for (const p of options.paths) if (robotsVerdictFor(now, agent, p).allowed) problems.push(`${agent} may still read ${p}`);
  }
  const moved = new Set([...fix.opened, ...fix.closed].map((a) => a.toLowerCase()));
  const named = was.groups.flatMap((g) => g.agents).filter((a) => a !== '*');
  const others = [...new Set([...JUDGED_AGENTS.map((a) => a.toLowerCase()), ...named, 'citable-unnamed-agent'])].filter(
    (a) => !moved.has(a),
  );
  const probes = probePaths(was, options.paths);
  // Agents that read the same groups before and after share their verdicts: a file of 25,000 rules is checked once per group.
  const compared = new Set<string>();
  for (const agent of others) {
    const key = `${selectGroup(was, agent).via}|${selectGroup(now, agent).via}`;
    if (compared.has(key) && !named.includes(agent)) continue;
    compared.add(key);
    for (const p of probes) {
      if (robotsVerdictFor(was, agent, p).allowed !== robotsVerdictFor(now, agent, p).allowed)
        problems.push(`${agent}'s verdict on ${p} changed`);
    }
  }
  return problems;
}

/** The given paths, then the literal start of each rule's pattern (up to its first wildcard). */
function probePaths(robots: ReturnType<typeof parseRobotsTxt>, paths: readonly string[]): string[] {
  const out = new Set(paths);
  for (const g of robots.groups) {
    for (const r of g.rules) {
      if (out.size >= MAX_PROBES) return [...out];
      const literal = r.pattern.split(/[*$]/)[0]!;
      if (literal.startsWith('/')) out.add(literal);
    }
  }
  return [...out];
}
