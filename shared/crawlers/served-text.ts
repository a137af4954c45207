/** The visible text of the copies an edge probe compares, each read once per audit. */
import type { JudgeContext } from '../judge/context.js';
import type { FetchedResource } from '../types/fetcher.js';
import { extractVisibleText } from '../facts/visible-text.js';
import { collapse, countWords } from '../facts/words.js';
import { shingles } from './text-similarity.js';

export interface ReadText {
  words: number;
  shingles: Set<number>;
}

const NOTHING: ReadText = { words: 0, shingles: new Set() };

/** The browser's copy: the page facts' visible text when it is HTML (already read for the rules). */
export function browserText(ctx: JudgeContext): ReadText {
  return ctx.memo('crawlers:browser-text', () => {
    const page = ctx.snapshot.page;
    if (readByFacts(page)) return { words: ctx.facts.wordCount, shingles: shingles(ctx.facts.text) };
    return page.binary ? NOTHING : readText(page, page.body, ctx.pageUrl.href);
  });
}

/** The words of the browser's copy, without its shingles: all a probe served the very same body needs. */
export function browserWords(ctx: JudgeContext): number {
  return readByFacts(ctx.snapshot.page) ? ctx.facts.wordCount : browserText(ctx).words;
}

/** The browser's copy is HTML, which the page facts have read already (for the rules). */
function readByFacts(page: FetchedResource): boolean {
  return !page.binary && isHtml(page, page.body);
}

/** An agent's copy, read once per distinct body (twenty probes served one challenge page parse it once). */
export function agentText(ctx: JudgeContext, agent: FetchedResource): ReadText {
  const cache = ctx.memo('crawlers:agent-texts', () => new Map<string, ReadText>());
  let text = cache.get(agent.body);
  if (!text) cache.set(agent.body, (text = readText(agent, agent.body, agent.finalUrl || ctx.pageUrl.href)));
  return text;
}

/** Both copies cut at the shorter one's length, for a probe that read only the start of the page. */
export function prefixTexts(ctx: JudgeContext, agent: FetchedResource): { agent: ReadText; browser: ReadText } {
  const page = ctx.snapshot.page;
  const length = Math.min(agent.body.length, page.body.length);
  const cache = ctx.memo('crawlers:browser-prefix-texts', () => new Map<number, ReadText>());
  let browser = cache.get(length);
  if (!browser) cache.set(length, (browser = readText(page, page.body.slice(0, length), ctx.pageUrl.href)));
  return { agent: readText(agent, agent.body.slice(0, length), agent.finalUrl || ctx.pageUrl.href), browser };
}

function readText(resource: FetchedResource, body: string, baseUrl: string): ReadText {
  if (resource.binary || !body) return NOTHING;
  if (!isHtml(resource, body)) {
    const text = collapse(body);
    return { words: countWords(text), shingles: shingles(text) };
  }
  const { text, wordCount } = extractVisibleText(body, baseUrl);
  return { words: wordCount, shingles: shingles(text) };
}

function isHtml(resource: FetchedResource, body: string): boolean {
  const type = resource.headers['content-type']?.toLowerCase();
  return type ? /html|xml/.test(type) : /^\s*</.test(body.slice(0, 512));
}
