/** Gemini generateContent bodies as the real API sends them (docs/research/answer-engines.md#gemini), and its grounding-redirect host. */
import type { FakeReply, RecordedRequest } from './fake-server.js';

export const geminiPromptOf = (r: RecordedRequest): string | undefined => r.body?.contents?.[0]?.parts?.[0]?.text;

export interface GroundingChunk {
  /** The redirect URI (see redirectUri) or, rarely, a direct address. */
  uri: string;
  /** Usually the bare domain of the source. */
  title: string;
}

/**
 * A grounded answer. `supports` lists, per text span, the chunk indices it cites; chunks no span cites
 * were used but not shown inline. Without `supports` every chunk is cited by one span.
 */
export function geminiAnswer(chunks: GroundingChunk[], supports?: number[][]): FakeReply {
  const spans = supports ?? [chunks.map((_, i) => i)];
  return {
    json: {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'For small agencies, Asana and ClickUp are common picks, and several guides compare them.' }],
          },
          finishReason: 'STOP',
          groundingMetadata: {
            webSearchQueries: ['best project management tool small agency 2026'],
            searchEntryPoint: { renderedContent: '<style>.container{}</style><div class="container">…</div>' },
            groundingChunks: chunks.map((c) => ({ web: { uri: c.uri, title: c.title } })),
            groundingSupports: spans.map((indices, i) => ({
              segment: { startIndex: i * 20, endIndex: i * 20 + 18, text: 'For small agencies' },
              groundingChunkIndices: indices,
              confidenceScores: indices.map(() => 0.9),
            })),
          },
        },
      ],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 180, totalTokenCount: 192 },
      modelVersion: 'gemini-2.5-flash',
    },
  };
}

/** Answered without grounding: no groundingMetadata. */
export function geminiNoSearch(): FakeReply {
  return {
    json: {
      candidates: [{ content: { role: 'model', parts: [{ text: 'Asana and Trello are popular.' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 9, totalTokenCount: 21 },
      modelVersion: 'gemini-2.5-flash',
    },
  };
}

/** A bad key is a 400, not a 401 (captured from the live API). */
export function geminiInvalidKey(): FakeReply {
  return {
    status: 400,
    json: {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'generativelanguage.googleapis.com' },
          },
        ],
      },
    },
  };
}

export function geminiQuota(options: { quotaId: string; retryDelay: string }): FakeReply {
  return {
    status: 429,
    json: {
      error: {
        code: 429,
        message: 'You exceeded your current quota, please check your plan and billing details.',
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: options.quotaId,
                quotaValue: '250',
              },
            ],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: options.retryDelay },
        ],
      },
    },
  };
}

/** The redirect host: `/grounding-api-redirect/<token>` answers 302 to the token's target, 404 for unknown tokens. */
export function redirectReply(targets: ReadonlyMap<string, string>, hanging: ReadonlySet<string>) {
  return (r: RecordedRequest): FakeReply => {
    const token = /^\/grounding-api-redirect\/(.+)$/.exec(r.path)?.[1] ?? '';
    if (hanging.has(token)) return { hang: true };
    const target = targets.get(token);
    if (!target) return { status: 404, text: 'Not Found', headers: { 'content-type': 'text/plain' } };
    return { status: 302, headers: { location: target, 'content-type': 'text/html' }, text: `<a href="${target}">Found</a>` };
  };
}

/** A candidate the safety filters blocked: a finishReason and no content (SAFETY, RECITATION, PROHIBITED_CONTENT, ...). */
export function geminiBlocked(finishReason: string): FakeReply {
  return {
    json: {
      candidates: [
        {
          finishReason,
          index: 0,
          safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
        },
      ],
      usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
      modelVersion: 'gemini-2.5-flash',
    },
  };
}
