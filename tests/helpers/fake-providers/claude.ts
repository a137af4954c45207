/** Anthropic Messages bodies with the web search server tool, as the real API sends them (docs/research/answer-engines.md#claude). */
import type { FakeReply, RecordedRequest } from './fake-server.js';

export const claudePromptOf = (r: RecordedRequest): string | undefined =>
  typeof r.body?.messages?.[0]?.content === 'string' ? r.body.messages[0].content : undefined;

interface Page {
  url: string;
  title?: string;
}

const TOOL_ID = 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE';

function searchBlocks(results: Page[]): object[] {
  return [
    { type: 'server_tool_use', id: TOOL_ID, name: 'web_search', input: { query: 'best project management tool small agencies' } },
    {
      type: 'web_search_tool_result',
      tool_use_id: TOOL_ID,
      content: results.map((r) => ({
        type: 'web_search_result',
        url: r.url,
        title: r.title ?? new URL(r.url).hostname,
        encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y',
        page_age: 'June 1, 2026',
      })),
    },
  ];
}

function message(content: object[], stopReason = 'end_turn', searches = 1): FakeReply {
  return {
    json: {
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5',
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 6039, output_tokens: 931, server_tool_use: { web_search_requests: searches, web_fetch_requests: 0 } },
    },
  };
}

/** Searched `retrieved`; the text cites `cited` (each one a web_search_result_location). */
export function claudeAnswer(options: { retrieved: Page[]; cited: Page[] }): FakeReply {
  return message([
    { type: 'text', text: "I'll search for current options.", citations: null },
    ...searchBlocks(options.retrieved),
    ...options.cited.map((c) => ({
      type: 'text',
      text: `${c.title ?? 'This tool'} is a frequent pick for agencies`,
      citations: [
        {
          type: 'web_search_result_location',
          url: c.url,
          title: c.title ?? new URL(c.url).hostname,
          encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm',
          cited_text: 'Helps agencies manage client work…',
        },
      ],
    })),
    { type: 'text', text: ' overall.', citations: null },
  ]);
}

export function claudeNoSearch(): FakeReply {
  return message([{ type: 'text', text: 'Asana and Trello are popular with agencies.', citations: null }], 'end_turn', 0);
}

/** A failed search inside a 200. */
export function claudeSearchError(code: string): FakeReply {
  return message([
    { type: 'server_tool_use', id: TOOL_ID, name: 'web_search', input: { query: 'best project management tool' } },
    { type: 'web_search_tool_result', tool_use_id: TOOL_ID, content: { type: 'web_search_tool_result_error', error_code: code } },
    { type: 'text', text: 'I could not search right now.', citations: null },
  ]);
}

/** A long server-tool turn paused after its search; the continuation carries the cited text. */
export function claudePaused(retrieved: Page[]): FakeReply {
  return message(searchBlocks(retrieved), 'pause_turn');
}

export function claudeContinuation(cited: Page[]): FakeReply {
  return message(
    cited.map((c) => ({
      type: 'text',
      text: 'Recommended',
      citations: [{ type: 'web_search_result_location', url: c.url, title: c.title ?? null, encrypted_index: 'Eo8B', cited_text: '…' }],
    })),
  );
}

function errorReply(status: number, type: string, text: string, headers: Record<string, string> = {}): FakeReply {
  return { status, headers, json: { type: 'error', error: { type, message: text }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' } };
}

export const claudeUnauthorized = () => errorReply(401, 'authentication_error', 'invalid x-api-key');
export const claudeRateLimited = (retryAfterSeconds: number) =>
  errorReply(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', {
    'retry-after': String(retryAfterSeconds),
    'anthropic-ratelimit-requests-limit': '50',
    'anthropic-ratelimit-requests-remaining': '0',
    'anthropic-ratelimit-requests-reset': '2026-08-20T10:00:30Z',
  });
export const claudeOverloaded = () => errorReply(529, 'overloaded_error', 'Overloaded');
export const claudeNoCredit = () => errorReply(400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API.');
