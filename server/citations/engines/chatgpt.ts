/**
 * ChatGPT slot: OpenAI Responses API with the web_search tool (docs/research/answer-engines.md#chatgpt).
 * Cited = `url_citation` annotations of the message's output_text parts; retrieved = the search call's
 * `action.sources` (asked for with `include`). No web_search_call item: the model did not search.
 */
import { EngineError } from './engine-error.js';
import { asArray, asObject, asString, errorObject } from './json-read.js';
import type { Citation, CitationEngine, EngineAnswer } from './types.js';
import type { ProviderReply } from '../http/provider-http.js';
import { snippet, statusError } from '../http/status-error.js';

const PROVIDER = 'OpenAI';

export const chatgptEngine: CitationEngine = {
  id: 'chatgpt',
  provider: PROVIDER,
  api: 'OpenAI Responses, `web_search` tool',
  env: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL', model: 'OPENAI_MODEL' },
  defaultBaseUrl: 'https://api.openai.com/v1',
  defaultModel: 'gpt-5-mini',
  surface: 'api',
  maxRequestsPerAnswer: 1,
  async ask(promptText, ctx) {
    const { apiKey, baseUrl, model } = ctx.settings;
    const reply = await ctx.http.send(
      {
        method: 'POST',
        url: `${baseUrl}/responses`,
        headers: { authorization: `Bearer ${apiKey}` },
        body: {
          model,
          input: promptText,
          tools: [{ type: 'web_search' }],
          // "auto" mimics ChatGPT: whether it searches is part of what we measure (no_search otherwise).
          tool_choice: 'auto',
          include: ['web_search_call.action.sources'],
          store: false,
        },
      },
      (r) => classifyOpenAi(r, ctx.http.now),
    );
    return readResponse(reply.json);
  },
};

export function classifyOpenAi(reply: ProviderReply, nowMs: number): EngineError | null {
  const error = errorObject(reply.json);
  const code = asString(error?.code) ?? asString(error?.type);
  if (reply.status < 200 || reply.status >= 300) {
    // Same 429 as a rate limit, but out of credit: retrying cannot help until someone pays.
    if (code === 'insufficient_quota')
      return new EngineError('quota', `${PROVIDER} quota exhausted (insufficient_quota): check the plan and billing`, {
        status: reply.status,
      });
    if (code === 'invalid_api_key')
      return new EngineError('auth', `${PROVIDER} rejected the API key (invalid_api_key)`, { status: reply.status });
    return statusError(reply, PROVIDER, nowMs, code ?? snippet(reply.json === undefined ? reply.text : ''));
  }
  const body = asObject(reply.json);
  if (!body || !Array.isArray(body.output)) return new EngineError('bad_response', `${PROVIDER} answered 200 without an output list`);
  if (body.status === 'failed') {
    const failure = asObject(body.error);
    const failCode = asString(failure?.code) ?? 'unknown';
    const kind = failCode === 'rate_limit_exceeded' ? 'rate_limited' : failCode === 'server_error' ? 'server' : 'bad_response';
    return new EngineError(kind, `${PROVIDER} response failed (${failCode})`);
  }
  if (body.status === 'incomplete') {
    const reason = asString(asObject(body.incomplete_details)?.reason) ?? 'unknown';
    return new EngineError('bad_response', `${PROVIDER} response incomplete (${reason})`);
  }
  return null;
}

function readResponse(json: unknown): EngineAnswer {
  const citations: Citation[] = [];
  const retrieved: Citation[] = [];
  const queries: string[] = [];
  const texts: string[] = [];
  let searched = false;
  for (const item of asArray(asObject(json)?.output)) {
    const entry = asObject(item);
    if (entry?.type === 'web_search_call') {
      searched = true;
      const action = asObject(entry.action);
      // `queries` (current) or `query` (deprecated, kept for older responses); open_page names a URL read.
      const asked = asArray(action?.queries).filter((q): q is string => typeof q === 'string');
      queries.push(...(asked.length > 0 ? asked : [asString(action?.query)].filter((q): q is string => !!q)));
      for (const source of asArray(action?.sources)) {
        const url = asString(asObject(source)?.url);
        if (url) retrieved.push({ url });
      }
      const opened = action?.type === 'open_page' ? asString(action.url) : undefined;
      if (opened) retrieved.push({ url: opened });
    }
    if (entry?.type !== 'message') continue;
    for (const part of asArray(entry.content)) {
      const content = asObject(part);
      if (content?.type !== 'output_text') continue;
      texts.push(asString(content.text) ?? '');
      for (const annotation of asArray(content.annotations)) {
        const a = asObject(annotation);
        const url = asString(a?.url);
        if (a?.type === 'url_citation' && url) citations.push({ url, title: asString(a.title) });
      }
    }
  }
  return { searched, citations, retrieved, text: texts.join('\n\n'), queries };
}
