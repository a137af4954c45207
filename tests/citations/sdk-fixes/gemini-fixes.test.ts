/** Provider quirks (Gemini): each case failed before its fix. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCitationConfig } from '../../../server/citations/config.js';
import { ConfigError } from '../../../server/settings/parse.js';
import { geminiAnswer, geminiBlocked } from '../../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { ask, checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('gemini fixes', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  it('1. Gemini: a candidate blocked with finishReason SAFETY and no content is an error naming the reason, not no_search', async () => {
    const PROMPT = 'is this supplement safe';
    fakes.gemini.on(PROMPT, geminiBlocked('SAFETY'));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row.status).toBe('error');
    expect(row.error).toContain('SAFETY');
    expect(fakes.gemini.requests).toHaveLength(1); // not retried: the same prompt is blocked again
  });

  it('4. GEMINI_MODEL=models/gemini-2.5-flash is sent as the SDK sends it: /models/gemini-2.5-flash, not /models/models%2F...', async () => {
    const PROMPT = 'prefixed model';
    fakes.gemini.on(PROMPT, geminiAnswer([]));
    const { env } = testEnvironment(fakes, { env: { GEMINI_MODEL: 'models/gemini-2.5-flash' } });
    await ask(env, 'gemini', PROMPT);
    expect(fakes.gemini.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    const tuned = testEnvironment(fakes, { env: { GEMINI_MODEL: 'tunedModels/acme-7' } });
    await ask(tuned.env, 'gemini', PROMPT);
    expect(fakes.gemini.requests[1]!.path).toBe('/v1beta/tunedModels/acme-7:generateContent');
    expect(() => readCitationConfig(fakes.env({ GEMINI_MODEL: 'models/../files' }))).toThrow(ConfigError);
  });
});
