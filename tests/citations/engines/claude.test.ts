import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import {
  claudeAnswer,
  claudeContinuation,
  claudeNoCredit,
  claudeNoSearch,
  claudeOverloaded,
  claudePaused,
  claudeRateLimited,
  claudeSearchError,
  claudeUnauthorized,
} from '../../helpers/fake-providers/claude.js';
import { ask, checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('claude: Anthropic Messages with the web search tool', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  const PROMPT = 'best time tracking app for agencies';
  const both = { retrieved: [{ url: 'https://example.com/list' }, { url: 'https://acme.com/time' }] };

  it('sends POST /v1/messages with x-api-key, anthropic-version and the web_search_20250305 server tool', async () => {
    fakes.claude.on(PROMPT, claudeNoSearch());
    const { env } = testEnvironment(fakes);
    await ask(env, 'claude', PROMPT);
    const [request] = fakes.claude.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/messages');
    expect(request!.headers['x-api-key']).toBe(FAKE_KEYS.ANTHROPIC_API_KEY);
    expect(request!.headers['anthropic-version']).toBe('2023-06-01');
    expect(request!.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 1024,
      messages: [{ role: 'user', content: PROMPT }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
    });
  });

  it('cites the text blocks’ web_search_result_location citations, in order', async () => {
    fakes.claude.on(PROMPT, claudeAnswer({ ...both, cited: [{ url: 'https://example.com/list' }, { url: 'https://acme.com/time' }] }));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'claude');
    expect(row).toMatchObject({ status: 'ok', cited: true, position: 2, cited_urls: ['https://acme.com/time'] });
  });

  it('a search result the text does not cite is retrieved, not cited', async () => {
    fakes.claude.on(PROMPT, claudeAnswer({ ...both, cited: [{ url: 'https://example.com/list' }] }));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'claude');
    expect(row).toMatchObject({ status: 'ok', cited: false, retrieved: true, position: null });
  });

  it('no search: no_search', async () => {
    fakes.claude.on(PROMPT, claudeNoSearch());
    const { env } = testEnvironment(fakes);
    expect((await checkPair(env, trackedPrompt(PROMPT), 'claude')).row.status).toBe('no_search');
  });

  it('web_search_tool_result_error too_many_requests inside a 200 is retried', async () => {
    fakes.claude.on(PROMPT, claudeSearchError('too_many_requests'), claudeAnswer({ ...both, cited: [{ url: 'https://acme.com/time' }] }));
    const { env, waits } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'claude');
    expect(row).toMatchObject({ status: 'ok', cited: true });
    expect(fakes.claude.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('a search that failed for good (max_uses_exceeded, nothing found before) is an error inside a 200', async () => {
    fakes.claude.on(PROMPT, claudeSearchError('max_uses_exceeded'));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'claude');
    expect(row).toMatchObject({ status: 'error', cited: false });
    expect(row.error).toContain('max_uses_exceeded');
    expect(fakes.claude.requests).toHaveLength(1);
  });

  it('401 authentication_error is not retried; 400 credit balance is a quota error', async () => {
    fakes.claude.on(PROMPT, claudeUnauthorized());
    const { env } = testEnvironment(fakes);
    expect((await checkPair(env, trackedPrompt(PROMPT), 'claude')).row.error).toBe(
      'Anthropic refused the API key (HTTP 401): authentication_error: invalid x-api-key',
    );
    expect(fakes.claude.requests).toHaveLength(1);

    fakes.reset();
    fakes.claude.on(PROMPT, claudeNoCredit());
    expect((await checkPair(env, trackedPrompt(PROMPT), 'claude')).row.error).toContain('credit exhausted');
    expect(fakes.claude.requests).toHaveLength(1);
  });

  it('529 overloaded and 429 with retry-after are retried', async () => {
    fakes.claude.on(PROMPT, claudeOverloaded(), claudeRateLimited(4), claudeAnswer({ ...both, cited: [{ url: 'https://acme.com/time' }] }));
    const { env, waits } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'claude');
    expect(row.status).toBe('ok');
    expect(waits).toEqual([500, 4_000]);
    expect(fakes.claude.requests).toHaveLength(3);
  });

  it('continues a pause_turn by sending the paused turn back as the assistant message', async () => {
    fakes.claude.on(PROMPT, claudePaused(both.retrieved), claudeContinuation([{ url: 'https://acme.com/time' }]));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'claude');
    expect(row).toMatchObject({ status: 'ok', cited: true, position: 1 });
    const [first, second] = fakes.claude.requests;
    expect(first!.body.messages).toHaveLength(1);
    expect(second!.body.messages[1].role).toBe('assistant');
    expect(second!.body.messages[1].content.map((b: { type: string }) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result']);
  });
});
