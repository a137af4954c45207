/**
 * Second chat assistant slot: Anthropic Messages with the web_search_20250305 server tool
 * (docs/research/answer-engines.md#claude). Cited = text blocks' `web_search_result_location` citations; retrieved =
 * the `web_search_tool_result` lists. A failed search comes back inside a 200 as
 * `web_search_tool_result_error`; `pause_turn` is continued by sending the turn back.
 */
import { EngineError } from './engine-error.js';
import { asArray, asObject, asString, errorObject, type JsonObject } from './json-read.js';
import type { Citation, CitationEngine, EngineAnswer } from './types.js';
import type { ProviderReply } from '../http/provider-http.js';
import { snippet, statusError } from '../http/status-error.js';

const PROVIDER = 'Anthropic';
const MAX_TOKENS = 1024;
const MAX_SEARCHES = 3;
/** Continuations of a paused turn before giving up. */
const MAX_CONTINUATIONS = 3;

export const claudeEngine: CitationEngine = {
  id: 'claude',
  provider: PROVIDER,
  api: 'Anthropic Messages, web search tool',
  env: { apiKey: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL', model: 'ANTHROPIC_MODEL' },
  defaultBaseUrl: 'https://api.anthropic.com',
  defaultModel: 'claude-haiku-4-5',
  surface: 'api',
  maxRequestsPerAnswer: 1 + MAX_CONTINUATIONS,
  async ask(promptText, ctx) {
    const { apiKey, baseUrl, model } = ctx.settings;
    const blocks: JsonObject[] = [];
    for (let turn = 0; ; turn++) {
      const messages: JsonObject[] = [{ role: 'user', content: promptText }];
      if (blocks.length > 0) messages.push({ role: 'assistant', content: blocks });
      const reply = await ctx.http.send(
        {
          method: 'POST',
          url: `${baseUrl}/v1/messages`,
          headers: { 'x-api-key': apiKey ?? '', 'anthropic-version': ctx.config.anthropicVersion },
          body: {
            model,
            max_tokens: MAX_TOKENS,
            messages,
            tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: MAX_SEARCHES }],
          },
        },
        (r) => classifyAnthropic(r, ctx.http.now),
      );
      const body = asObject(reply.json)!;
      blocks.push(
        ...asArray(body.content)
          .map(asObject)
          .filter((b): b is JsonObject => b !== undefined),
      );
      if (body.stop_reason !== 'pause_turn') break;
      if (turn >= MAX_CONTINUATIONS)
        throw new EngineError('bad_response', `${PROVIDER} kept pausing the turn (pause_turn ${turn + 1} times)`);
    }
    return readBlocks(blocks);
  },
};

export function classifyAnthropic(reply: ProviderReply, nowMs: number): EngineError | null {
  if (reply.status < 200 || reply.status >= 300) {
    const error = errorObject(reply.json);
    const type = asString(error?.type);
    const message = snippet(error?.message);
    if (type === 'billing_error' || (type === 'invalid_request_error' && /credit balance/i.test(message))) {
      return new EngineError('quota', `${PROVIDER} credit exhausted (${type})`, { status: reply.status });
    }
    // 529 overloaded_error is a 5xx: retried like any server error.
    return statusError(reply, PROVIDER, nowMs, [type, message].filter(Boolean).join(': '));
  }
  const body = asObject(reply.json);
  if (!body || !Array.isArray(body.content)) return new EngineError('bad_response', `${PROVIDER} answered 200 without content blocks`);
  const results = body.content.map(asObject).filter((b) => b?.type === 'web_search_tool_result');
  const failures = results.map((b) => asObject(b?.content)).filter((c) => c?.type === 'web_search_tool_result_error');
  if (failures.length === 0) return null;
  // Any search that succeeded carries the answer (later ones may be rate limited or over max_uses):
  // keep it rather than paying for the whole answer again.
  if (results.some((b) => Array.isArray(b?.content))) return null;
  const codes = failures.map((f) => asString(f?.error_code) ?? 'unknown');
  if (codes.includes('too_many_requests'))
    return new EngineError('rate_limited', `${PROVIDER} web search was rate limited (too_many_requests)`);
  if (codes.includes('unavailable')) return new EngineError('server', `${PROVIDER} web search was unavailable`);
  return new EngineError('bad_response', `${PROVIDER} web search failed (${codes.join(', ')})`);
}

function readBlocks(blocks: JsonObject[]): EngineAnswer {
  const citations: Citation[] = [];
  const retrieved: Citation[] = [];
  const queries: string[] = [];
  const texts: string[] = [];
  let searched = false;
  for (const block of blocks) {
    if (block.type === 'server_tool_use' && block.name === 'web_search') {
      searched = true;
      const query = asString(asObject(block.input)?.query);
      if (query) queries.push(query);
    }
    if (block.type === 'web_search_tool_result') {
      searched = true;
      for (const result of asArray(block.content)) {
        const url = asString(asObject(result)?.url);
        if (url) retrieved.push({ url, title: asString(asObject(result)?.title) });
      }
    }
    if (block.type !== 'text') continue;
    texts.push(asString(block.text) ?? '');
    for (const citation of asArray(block.citations)) {
      const c = asObject(citation);
      const url = asString(c?.url);
      if (c?.type === 'web_search_result_location' && url) citations.push({ url, title: asString(c.title) });
    }
  }
  // The text comes as many small blocks (split at each citation): joined in order, it is the answer.
  return { searched, citations, retrieved, text: texts.join(''), queries };
}
