import type { JudgeContext } from '../judge/context.js';
import type { PageFacts } from './page-facts.js';
import { CRAWLER_AGENTS, CITING_AGENT_TOKENS } from '../crawlers/agents.js';
import { probedPages } from '../gather/agent-probes.js';

/** Directives from one place: `<meta name="robots">`, `<meta name="googlebot">`, an X-Robots-Tag header. */
export interface RobotsDirectiveSet {
  /** `*` for every crawler, else the lower-cased bot name the directives are addressed to. */
  scope: string;
  /** Where it was found, for issue texts. */
  source: string;
  /** Lower-cased directives, `max-snippet:0` without spaces. */
  directives: string[];
}

/** Directives that take a value after a colon; any other `name:` prefix in X-Robots-Tag names a bot. */
const VALUE_DIRECTIVES = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);
/** Meta names addressed to crawlers we judge (bingbot's older name included). */
const BOT_META_NAMES = new Set([...CRAWLER_AGENTS.map((a) => a.agent.toLowerCase()), 'msnbot']);

export function parseDirectiveList(value: string): string[] {
  return value
    .replace(/\s*:\s*/g, ':')
    .split(/[,\s]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}

export function metaRobotsDirectives(facts: PageFacts): RobotsDirectiveSet[] {
  const sets: RobotsDirectiveSet[] = [];
  for (const [name, values] of facts.metaByName) {
    if (name !== 'robots' && !BOT_META_NAMES.has(name)) continue;
    for (const value of values) {
      sets.push({ scope: name === 'robots' ? '*' : name, source: `<meta name="${name}">`, directives: parseDirectiveList(value) });
    }
  }
  return sets;
}

/**
 * X-Robots-Tag: `noindex, nofollow` applies to every crawler; `googlebot: noindex` to one bot,
 * and the directives after a bot prefix stay with that bot (Google's documented reading).
 */
export function xRobotsTagDirectives(headerValue: string | undefined, sourceSuffix = ''): RobotsDirectiveSet[] {
  if (!headerValue) return [];
  const byScope = new Map<string, string[]>();
  let scope = '*';
  for (const piece of headerValue.split(',')) {
    let text = piece.trim();
    const prefixed = /^([A-Za-z0-9_.-]+)\s*:\s*(.*)$/.exec(text);
    if (prefixed && !VALUE_DIRECTIVES.has(prefixed[1]!.toLowerCase())) {
      scope = prefixed[1]!.toLowerCase();
      text = prefixed[2]!;
    }
    const list = byScope.get(scope) ?? [];
    list.push(...parseDirectiveList(text));
    byScope.set(scope, list);
  }
  return [...byScope]
    .filter(([, directives]) => directives.length > 0)
    .map(([s, directives]) => ({
      scope: s,
      source: (s === '*' ? 'the X-Robots-Tag header' : `X-Robots-Tag: ${s}:`) + sourceSuffix,
      directives,
    }));
}

/**
 * Every robots directive on the page: its meta tags, its X-Robots-Tag, and any X-Robots-Tag sent
 * only to the AI agents we fetched as (a header the browser never sees).
 */
export function pageRobotsDirectives(ctx: JudgeContext): RobotsDirectiveSet[] {
  return ctx.memo('facts.robotsDirectives', () => {
    const page = ctx.snapshot.page;
    const sets = [...metaRobotsDirectives(ctx.facts), ...xRobotsTagDirectives(page.headers['x-robots-tag'])];
    const seen = new Set([page.headers['x-robots-tag']]);
    for (const {
      agent: { token: agent },
      resource: res,
    } of probedPages(ctx.snapshot)) {
      // A header sent only to a training crawler is that crawler's business, not the page's indexing.
      if (!CITING_AGENT_TOKENS.has(agent.toLowerCase())) continue;
      const value = res.headers['x-robots-tag'];
      if (!value || seen.has(value)) continue;
      seen.add(value);
      sets.push(...xRobotsTagDirectives(value, ` (sent to ${agent})`));
    }
    return sets;
  });
}

/** Directive sets addressed to every crawler or to a search / user-triggered AI agent. */
export function citingScopes(sets: RobotsDirectiveSet[]): RobotsDirectiveSet[] {
  return sets.filter((s) => s.scope === '*' || s.scope === 'msnbot' || CITING_AGENT_TOKENS.has(s.scope));
}
