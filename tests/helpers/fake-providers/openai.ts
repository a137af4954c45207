/** OpenAI Responses API bodies as the real API sends them (docs/research/answer-engines.md#chatgpt). */
import type { FakeReply, RecordedRequest } from './fake-server.js';

export const openaiPromptOf = (r: RecordedRequest): string | undefined => (typeof r.body?.input === 'string' ? r.body.input : undefined);

interface Source {
  url: string;
  title?: string;
}

/** A searched answer: `cited` become url_citation annotations (with ?utm_source=openai), `sources` the search call's action.sources. */
export function openaiAnswer(options: { cited: Source[]; sources?: string[]; text?: string }): FakeReply {
  const text = options.text ?? 'Here are some well-regarded options for small agencies.';
  return {
    status: 200,
    headers: rateHeaders(),
    json: {
      id: 'resp_67ccf18ef5fc8190b16dbee19bc54e5f087bb177ab789d5c',
      object: 'response',
      created_at: 1741484430,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: 'gpt-5-mini',
      output: [
        { type: 'reasoning', id: 'rs_67ccf18f1a2c8190a0f1e2d3c4b5a697', summary: [] },
        {
          type: 'web_search_call',
          id: 'ws_67ccf18f64008190a39b619f4c8455ef087bb177ab789d5c',
          status: 'completed',
          action: {
            type: 'search',
            query: 'best project management tool small agencies',
            queries: ['best project management tool small agencies'],
            sources: (options.sources ?? options.cited.map((c) => c.url)).map((url) => ({ type: 'url', url })),
          },
        },
        {
          type: 'message',
          id: 'msg_67ccf190ca3881909d433c50b1f6357e087bb177ab789d5c',
          status: 'completed',
          role: 'assistant',
          content: [
            {
              type: 'output_text',
              text: `${text} ${options.cited.map((c) => `([${new URL(c.url).hostname}](${c.url}?utm_source=openai))`).join(' ')}`,
              annotations: options.cited.map((c, i) => ({
                type: 'url_citation',
                start_index: 60 + i * 40,
                end_index: 95 + i * 40,
                url: withUtm(c.url),
                title: c.title ?? new URL(c.url).hostname,
              })),
              logprobs: [],
            },
          ],
        },
      ],
      tools: [{ type: 'web_search', search_context_size: 'medium' }],
      usage: { input_tokens: 328, output_tokens: 356, total_tokens: 684 },
    },
  };
}

/** The model answered from memory: no web_search_call item at all. */
export function openaiNoSearch(): FakeReply {
  return {
    json: {
      id: 'resp_68a0b1c2d3e4f5061728394a5b6c7d8e',
      object: 'response',
      created_at: 1741484430,
      status: 'completed',
      error: null,
      model: 'gpt-5-mini',
      output: [
        {
          type: 'message',
          id: 'msg_68a0b1c2d3e4f5061728394a5b6c7d8f',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Popular choices include Asana, Trello and ClickUp.', annotations: [] }],
        },
      ],
      usage: { input_tokens: 20, output_tokens: 40, total_tokens: 60 },
    },
  };
}

export function openaiIncomplete(): FakeReply {
  return {
    json: {
      id: 'resp_69',
      object: 'response',
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      error: null,
      output: [],
    },
  };
}

export function openaiInvalidKey(): FakeReply {
  return {
    status: 401,
    json: {
      error: {
        message: 'Incorrect API key provided: sk-abc***. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    },
  };
}

export function openaiRateLimited(retryAfterSeconds: number): FakeReply {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds), ...rateHeaders('0') },
    json: {
      error: {
        message:
          'Rate limit reached for gpt-5-mini in organization org-abc on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    },
  };
}

export function openaiInsufficientQuota(): FakeReply {
  return {
    status: 429,
    json: {
      error: {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    },
  };
}

function withUtm(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}utm_source=openai`;
}

function rateHeaders(remaining = '499'): Record<string, string> {
  return {
    'x-ratelimit-limit-requests': '500',
    'x-ratelimit-remaining-requests': remaining,
    'x-ratelimit-reset-requests': '120ms',
    'x-ratelimit-limit-tokens': '200000',
    'x-ratelimit-remaining-tokens': '199000',
    'x-ratelimit-reset-tokens': '300ms',
  };
}
