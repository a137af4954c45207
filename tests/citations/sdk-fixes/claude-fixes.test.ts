/** Provider quirks (Claude): each case failed before its fix. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCitationConfig } from '../../../server/citations/config.js';
import { claudeAnswer } from '../../helpers/fake-providers/claude.js';
import { startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { ask, checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('claude fixes', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  it('2. Claude: one search cited, a later one too_many_requests: the answer is kept, not retried', async () => {
    const PROMPT = 'best crm for agencies';
    const answer = claudeAnswer({ retrieved: [{ url: 'https://acme.com/crm' }], cited: [{ url: 'https://acme.com/crm' }] });
    const body = answer.json as { content: object[] };
    body.content.push(
      { type: 'server_tool_use', id: 'srvtoolu_02', name: 'web_search', input: { query: 'crm agencies pricing' } },
      {
        type: 'web_search_tool_result',
        tool_use_id: 'srvtoolu_02',
        content: { type: 'web_search_tool_result_error', error_code: 'too_many_requests' },
      },
    );
    fakes.claude.on(PROMPT, answer);
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'claude');
    expect(row).toMatchObject({ status: 'ok', cited: true, position: 1 });
    expect(fakes.claude.requests).toHaveLength(1);
  });

  it('7. anthropic-version is configurable (ANTHROPIC_VERSION), default 2023-06-01; a malformed one is refused at start', async () => {
    const PROMPT = 'versioned';
    fakes.claude.on(PROMPT, claudeAnswer({ retrieved: [], cited: [] }));
    await ask(testEnvironment(fakes).env, 'claude', PROMPT);
    await ask(testEnvironment(fakes, { env: { ANTHROPIC_VERSION: '2026-10-21' } }).env, 'claude', PROMPT);
    expect(fakes.claude.requests.map((r) => r.headers['anthropic-version'])).toEqual(['2023-06-01', '2026-10-21']);
    expect(() => readCitationConfig(fakes.env({ ANTHROPIC_VERSION: 'latest' }))).toThrow(/ANTHROPIC_VERSION/);
  });
});
