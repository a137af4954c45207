/**
 * What the two SerpApi engines share (Google AI Overviews, Google AI Mode): the request as both official
 * clients send it (GET /search, output=json, the key as `api_key` in the query string), the reading of
 * SerpApi's errors (some inside a 200), and the text and references of an answer's `text_blocks`.
 */
import { EngineError } from './engine-error.js';
import { asArray, asObject, asString, type JsonObject } from './json-read.js';
import type { Citation, EngineContext } from './types.js';
import type { ProviderReply } from '../http/provider-http.js';
import { snippet, statusError } from '../http/status-error.js';

export const SERPAPI = 'SerpApi';

export class PageTokenExpired extends EngineError {}

export async function serpSearch(ctx: EngineContext, params: Record<string, string>): Promise<JsonObject> {
  const query = new URLSearchParams({ ...params, output: 'json', api_key: ctx.settings.apiKey ?? '' });
  const reply = await ctx.http.send({ method: 'GET', url: `${ctx.settings.baseUrl}/search?${query}` }, (r) =>
    classifySerpApi(r, ctx.http.now),
  );
  return asObject(reply.json)!;
}

export function classifySerpApi(reply: ProviderReply, nowMs: number): EngineError | null {
  const body = asObject(reply.json);
  const message = asString(body?.error) ?? '';
  const ok = reply.status >= 200 && reply.status < 300;
  if (/run out of searches|searches for the month|plan searches/i.test(message)) {
    return new EngineError('quota', `${SERPAPI} searches exhausted: ${snippet(message)}`, { status: reply.status });
  }
  if (/invalid api key/i.test(message)) return new EngineError('auth', `${SERPAPI} rejected the API key`, { status: reply.status });
  if (/page[_ ]?token/i.test(message) && /expired|invalid/i.test(message)) {
    return new PageTokenExpired('bad_response', `${SERPAPI} AI Overview page_token expired: ${snippet(message)}`, { status: reply.status });
  }
  if (!ok) return statusError(reply, SERPAPI, nowMs, snippet(message));
  if (!body) return new EngineError('bad_response', `${SERPAPI} answered 200 with a body that is not JSON`);
  // "Google hasn't returned any results for this query." is an answer: there is no overview.
  if (message && !/hasn't returned any results/i.test(message))
    return new EngineError('bad_response', `${SERPAPI} error: ${snippet(message)}`);
  const overviewError = asString(asObject(body.ai_overview)?.error);
  if (overviewError) return new EngineError('server', `${SERPAPI} could not load the AI Overview: ${snippet(overviewError)}`);
  return null;
}

/** `references[].link` in order: what the answer cites. */
export function referenceCitations(references: unknown): Citation[] {
  const citations: Citation[] = [];
  for (const reference of asArray(references)) {
    const link = asString(asObject(reference)?.link);
    if (link) citations.push({ url: link, title: asString(asObject(reference)?.title) });
  }
  return citations;
}

/**
 * The answer's text from its `text_blocks`: paragraphs and headings (`snippet`), list items (`title`
 * and `snippet`, nested lists and blocks), tables (`table` rows); unknown block types give what text
 * they have. One line per block.
 */
export function textBlocksText(blocks: unknown, depth = 0): string {
  if (depth > 8) return '';
  const lines: string[] = [];
  for (const raw of asArray(blocks)) {
    const block = asObject(raw);
    if (!block) continue;
    const own = [asString(block.title), asString(block.snippet), asString(block.code)].filter((t): t is string => !!t).join(': ');
    if (own) lines.push(own);
    for (const item of asArray(block.list)) {
      const text = textBlocksText([item], depth + 1);
      if (text) lines.push(text);
    }
    const nested = textBlocksText(block.text_blocks, depth + 1);
    if (nested) lines.push(nested);
    for (const row of asArray(block.table)) {
      const cells = asArray(row)
        .map((c) => (typeof c === 'string' ? c : ''))
        .filter(Boolean);
      if (cells.length) lines.push(cells.join(' | '));
    }
  }
  return lines.join('\n');
}

/** The query Google ran, as SerpApi echoes it. */
export function serpQueries(serp: JsonObject): string[] {
  const q = asString(asObject(serp.search_parameters)?.q);
  return q ? [q] : [];
}
