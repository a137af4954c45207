/**
 * The robots.txt fix: the site's own file with only what the policy asks changed. Every agent the policy lets
 * in but the file refuses on one of the given paths gets a group of its own, inserted before the first group,
 * holding the rules it obeys today minus the Disallow rules that refuse those paths; agents `block-training`
 * keeps out get `Disallow: /`. Their old user-agent lines (or whole groups that named only them) are kept as
 * `# [citable]` comments, every other line is written back as it was, including lines the parser does not
 * understand. Checked by robotsFixHolds below and in tests.
 */
import { parseRobotsTxt } from '../../robots/parse.js';
import { selectGroup } from '../../robots/groups.js';
import { robotsVerdictFor } from '../../robots/verdict.js';
import { robotsPatternMatches } from '../../robots/pattern.js';
import { normalizeRobotsPath } from '../../robots/path.js';
import type { ParsedRobots, RobotsExtension } from '../../robots/types.js';
import type { FixPolicy } from '../types.js';
import { agentsToClose, agentsToOpen, JUDGED_AGENTS, type PolicyAgent } from './robots-agents.js';
import { KNOWN_DIRECTIVES, readRobotsLines, type LineGroup, type RobotsLines } from './robots-lines.js';

export const ROBOTS_MARK = '# [citable] ';

export interface RobotsFixOptions {
  policy: FixPolicy;
  /** Paths (with query) search and user agents must be able to read: the audited page and the home page. */
  paths: string[];
  /** A sitemap URL to name when the file names none; null to leave Sitemap lines alone. */
  sitemap: string | null;
}

export interface RobotsFixResult {
  content: string;
  /** What changed, one sentence each; empty when the file already does what the policy asks. */
  changes: string[];
  /** 1-based numbers of lines kept as written although crawlers ignore them or the parser does not know them. */
  notUnderstood: number[];
  opened: string[];
  closed: string[];
  bomRemoved: boolean;
}

interface Mover {
  agent: PolicyAgent;
  token: string;
  action: 'open' | 'close';
  rules: Array<{ allow: boolean; raw: string }>;
  directives: RobotsExtension[];
  /** The Disallow values removed for it. */
  removed: string[];
}

export function fixRobotsTxt(input: string, options: RobotsFixOptions): RobotsFixResult {
  const model = readRobotsLines(input);
  const parsed = parseRobotsTxt(input);
  const movers = planMoves(parsed, options);
  const out = model.lines.map((l) => l.raw);
  const changes = neutralise(model, movers, out);
  const added = newGroups(movers, options.policy);
  if (added.length) {
    const first = Math.min(...model.groups.map((g) => g.agentLines[0]!));
    if (Number.isFinite(first)) out.splice(first, 0, ...added, '');
    else out.push(...(out.length && out.at(-1)!.trim() ? [''] : []), ...added);
  }
  for (const m of movers) changes.push(moverSentence(m));
  if (options.sitemap && !parsed.global.some((e) => e.key === 'sitemap')) {
    out.push(`Sitemap: ${options.sitemap}`);
    changes.push(`Named the sitemap (${options.sitemap}) so crawlers find every page.`);
  }
  return {
    content: `${out.join('\n')}\n`,
    changes,
    notUnderstood: model.lines.flatMap((l, i) =>
      l.kind === 'unparsed' || (l.kind === 'directive' && !KNOWN_DIRECTIVES.has(l.key!)) ? [i + 1] : [],
    ),
    opened: movers.filter((m) => m.action === 'open').map((m) => m.agent.name),
    closed: movers.filter((m) => m.action === 'close').map((m) => m.agent.name),
    bomRemoved: model.bom,
  };
}

function planMoves(parsed: ParsedRobots, options: RobotsFixOptions): Mover[] {
  const movers: Mover[] = [];
  // Agents that read the same group share their verdicts (a huge file is judged once per group, not per agent).
  const byGroup = new Map<string | null, string[]>();
  const refusedPaths = (agent: string) => {
    const via = selectGroup(parsed, agent).via;
    let refused = byGroup.get(via);
    if (!refused) byGroup.set(via, (refused = options.paths.filter((p) => !robotsVerdictFor(parsed, agent, p).allowed)));
    return refused;
  };
  for (const agent of agentsToOpen(options.policy)) {
    const refused = refusedPaths(agent.name).map(normalizeRobotsPath);
    if (!refused.length) continue;
    const group = selectGroup(parsed, agent.name);
    const refusing = group.rules.filter((r) => !r.allow && refused.some((p) => robotsPatternMatches(r.pattern, p)));
    movers.push({
      agent,
      token: agent.name.toLowerCase(),
      action: 'open',
      rules: group.rules.filter((r) => !refusing.includes(r)).map((r) => ({ allow: r.allow, raw: r.raw })),
      directives: group.extensions.filter((e) => KNOWN_DIRECTIVES.has(e.key) && e.key !== 'sitemap'),
      removed: [...new Set(refusing.map((r) => r.raw))],
    });
  }
  for (const agent of agentsToClose(options.policy)) {
    if (refusedPaths(agent.name).length === options.paths.length) continue;
    movers.push({
      agent,
      token: agent.name.toLowerCase(),
      action: 'close',
      rules: [{ allow: false, raw: '/' }],
      directives: [],
      removed: [],
    });
  }
  return movers;
}

/** Comments out the movers' user-agent lines, or whole groups that name nobody else; returns what it did. */
function neutralise(model: RobotsLines, movers: readonly Mover[], out: string[]): string[] {
  const tokens = new Set(movers.map((m) => m.token));
  const changes: string[] = [];
  const comment = (i: number) => (out[i] = `${ROBOTS_MARK}${model.lines[i]!.raw}`);
  for (const g of model.groups) {
    const moving = g.agents.filter((a) => tokens.has(a));
    if (!moving.length) continue;
    const staying = g.agents.filter((a) => !tokens.has(a));
    const at = `line ${g.agentLines[0]! + 1}`;
    if (staying.length) {
      for (const i of g.agentLines) if (tokens.has(model.lines[i]!.key ?? '')) comment(i);
      changes.push(
        `Took ${names(moving, movers)} out of the group at ${at}, which keeps its rules for ${staying.map(spelled).join(', ')}.`,
      );
    } else {
      for (const i of groupLines(model, g)) comment(i);
      changes.push(`Replaced the group at ${at} (${names(moving, movers)}) by the new group above; its lines stay as comments.`);
    }
  }
  return changes;
}

function groupLines(model: RobotsLines, g: LineGroup): number[] {
  const known = g.directiveLines.filter((i) => KNOWN_DIRECTIVES.has(model.lines[i]!.key ?? ''));
  return [...g.agentLines, ...g.ruleLines, ...known];
}

/** A token as its operator spells it, when Citable knows the agent. */
function spelled(token: string): string {
  return JUDGED_AGENTS.find((a) => a.toLowerCase() === token) ?? token;
}

function names(tokens: readonly string[], movers: readonly Mover[]): string {
  return tokens.map((t) => movers.find((m) => m.token === t)?.agent.name ?? t).join(', ');
}

/** The inserted groups: movers with the same rules share one. Every group ends with a rule, so no two merge. */
function newGroups(movers: readonly Mover[], policy: FixPolicy): string[] {
  const buckets = new Map<string, Mover[]>();
  for (const m of movers) {
    const key = JSON.stringify([m.action, m.rules, m.directives.map((d) => [d.key, d.value])]);
    buckets.set(key, [...(buckets.get(key) ?? []), m]);
  }
  const lines: string[] = [];
  for (const group of buckets.values()) {
    const { rules, directives, action } = group[0]!;
    const who = action === 'open' ? 'may read the site' : 'are kept out';
    if (lines.length) lines.push('');
    lines.push(`${ROBOTS_MARK}Added (policy ${policy}): these agents ${who}.`);
    lines.push(...group.map((m) => `User-agent: ${m.agent.name}`));
    const written = rules.length ? rules : [{ allow: true, raw: '/' }];
    lines.push(...written.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.raw}`));
    lines.push(...directives.map((d) => `${directiveName(d.key)}: ${d.value}`));
  }
  return lines;
}

function directiveName(key: string): string {
  return key.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

function moverSentence(m: Mover): string {
  if (m.action === 'close') return `${m.agent.name} (${m.agent.why}) is now kept out with Disallow: /.`;
  const removed = m.removed.length ? `without Disallow: ${m.removed.join(', ')}` : 'with the rules it obeys today';
  return `${m.agent.name} (${m.agent.why}) now has its own group ${removed}, so it may read the page.`;
}
