/**
 * Gemini slot: generateContent with the google_search tool (docs/research/answer-engines.md#gemini).
 * Chunks referenced by `groundingSupports` are the inline citations (all chunks when the answer has no
 * supports); every chunk was retrieved. Chunk URIs are opaque redirects: each is resolved once (the
 * Location header, never followed), falling back to the chunk title when it is a bare domain.
 * A bad key is a 400 with reason API_KEY_INVALID, not a 401.
 */
import { EngineError } from './engine-error.js';
import { asArray, asObject, asString, errorObject, type JsonObject } from './json-read.js';
import type { Citation, CitationEngine, EngineAnswer, EngineContext } from './types.js';
import type { ProviderReply } from '../http/provider-http.js';
import { protobufDurationMs, retryAfterMs } from '../http/retry-after.js';
import { snippet, statusError } from '../http/status-error.js';
import { titleAsHost } from '../match/gemini-redirect.js';

const PROVIDER = 'Gemini';
const RESOLVE_AT_ONCE = 4;

export const geminiEngine: CitationEngine = {
  id: 'gemini',
  provider: PROVIDER,
  api: '`generateContent`, `google_search` tool',
  env: { apiKey: 'GEMINI_API_KEY', baseUrl: 'GEMINI_BASE_URL', model: 'GEMINI_MODEL' },
  defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  defaultModel: 'gemini-2.5-flash',
  surface: 'api',
  // Resolving the grounding redirects is not a provider request (it never reaches the Gemini API).
  maxRequestsPerAnswer: 1,
  modelProblem: geminiModelProblem,
  async ask(promptText, ctx) {
    const { apiKey, baseUrl, model } = ctx.settings;
    const reply = await ctx.http.send(
      {
        method: 'POST',
        url: `${baseUrl}/${geminiModelPath(model ?? '')}:generateContent`,
        headers: { 'x-goog-api-key': apiKey ?? '' },
        body: {
          contents: [{ role: 'user', parts: [{ text: promptText }] }],
          tools: [{ google_search: {} }],
        },
      },
      (r) => classifyGemini(r, ctx.http.now),
    );
    return readResponse(reply.json, ctx);
  },
};

/**
 * The model's resource name as @google/genai's tModel writes it for the Gemini API: `models/…` and
 * `tunedModels/…` as given, a bare name under `models/`. Each segment is escaped, the slash kept.
 */
export function geminiModelPath(model: string): string {
  const name = model.startsWith('models/') || model.startsWith('tunedModels/') ? model : `models/${model}`;
  return name.split('/').map(encodeURIComponent).join('/');
}

/** What the SDK refuses in a model name (it would change the request path or query), checked at start. */
export function geminiModelProblem(model: string): string | null {
  if (model.includes('..') || /[?&#\s]/.test(model)) return 'must be a model name such as gemini-2.5-flash or models/gemini-2.5-flash';
  if (model.split('/').length > 2) return 'has too many "/" segments: use gemini-2.5-flash, models/… or tunedModels/…';
  return null;
}

/** finishReason values that mean the candidate carries the model's answer (the others are blocks or failures). */
const ANSWERED = new Set(['STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED']);

export function classifyGemini(reply: ProviderReply, nowMs: number): EngineError | null {
  if (reply.status >= 200 && reply.status < 300) {
    const body = asObject(reply.json);
    if (!body) return new EngineError('bad_response', `${PROVIDER} answered 200 with a body that is not JSON`);
    const candidate = asObject(asArray(body.candidates)[0]);
    if (!candidate) {
      const blocked = asString(asObject(body.promptFeedback)?.blockReason);
      return new EngineError('bad_response', `${PROVIDER} returned no answer${blocked ? ` (prompt blocked: ${blocked})` : ''}`);
    }
    // A candidate the safety filters (or recitation, blocklist, ...) stopped has no content: no answer, not "no search".
    const reason = asString(candidate.finishReason);
    if (answerText(candidate) === '' && reason !== undefined && !ANSWERED.has(reason)) {
      return new EngineError('bad_response', `${PROVIDER} returned no answer (finishReason: ${snippet(reason, 40)})`);
    }
    return null;
  }
  const error = errorObject(reply.json);
  const details = asArray(error?.details)
    .map(asObject)
    .filter((d): d is JsonObject => d !== undefined);
  const reasons = details.map((d) => asString(d.reason)).filter(Boolean);
  const status = asString(error?.status);
  const message = snippet(error?.message);
  if (reasons.includes('API_KEY_INVALID'))
    return new EngineError('auth', `${PROVIDER} rejected the API key (API_KEY_INVALID)`, { status: reply.status });
  if (reply.status === 429) {
    const violations = details.flatMap((d) => asArray(d.violations)).map(asObject);
    const daily = violations.some((v) => /PerDay/i.test(asString(v?.quotaId) ?? ''));
    const none = violations.some((v) => asString(v?.quotaValue) === '0');
    if (none) return new EngineError('quota', `${PROVIDER} quota is 0 for this key: enable search grounding or billing`, { status: 429 });
    // A per-day quota resets tomorrow: waiting seconds cannot help.
    if (daily) return new EngineError('quota', `${PROVIDER} daily quota exhausted`, { status: 429 });
    const hinted = details.map((d) => protobufDurationMs(d.retryDelay)).find((ms) => ms !== null) ?? null;
    return new EngineError('rate_limited', `${PROVIDER} rate limit (HTTP 429)${status ? `: ${status}` : ''}`, {
      status: 429,
      retryAfterMs: hinted ?? retryAfterMs(reply.headers, nowMs),
    });
  }
  return statusError(reply, PROVIDER, nowMs, [status, message].filter(Boolean).join(': '));
}

/** The candidate's text parts, joined (thought parts left out). */
export function answerText(candidate: JsonObject | undefined): string {
  return asArray(asObject(candidate?.content)?.parts)
    .map(asObject)
    .filter((p) => p?.thought !== true)
    .map((p) => asString(p?.text) ?? '')
    .join('');
}

async function readResponse(json: unknown, ctx: EngineContext): Promise<EngineAnswer> {
  const candidate = asObject(asArray(asObject(json)?.candidates)[0]);
  const grounding = asObject(candidate?.groundingMetadata);
  const chunks = asArray(grounding?.groundingChunks).map((c) => asObject(asObject(c)?.web));
  const queries = asArray(grounding?.webSearchQueries);
  const searched = grounding !== undefined && (queries.length > 0 || chunks.length > 0);
  const text = answerText(candidate);
  const asked = queries.filter((q): q is string => typeof q === 'string');
  if (!searched) return { searched: false, citations: [], retrieved: [], text, queries: asked };

  const supported = new Set<number>();
  for (const support of asArray(grounding?.groundingSupports)) {
    for (const index of asArray(asObject(support)?.groundingChunkIndices)) if (typeof index === 'number') supported.add(index);
  }
  const sources = await mapLimited(chunks, RESOLVE_AT_ONCE, (web) => resolveChunk(web, ctx));
  // Display order is chunk order: the numbered source list follows groundingChunks.
  const citations = sources.filter((_, i) => supported.size === 0 || supported.has(i));
  return { searched: true, citations, retrieved: sources, text, queries: asked };
}

async function resolveChunk(web: JsonObject | undefined, ctx: EngineContext): Promise<Citation> {
  const uri = asString(web?.uri);
  const title = asString(web?.title);
  const resolved = uri ? await ctx.resolveRedirect(uri, ctx.signal) : null;
  if (resolved) return { url: resolved, title };
  const host = titleAsHost(title);
  return { url: host ? `https://${host}/` : null, title };
}

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}
