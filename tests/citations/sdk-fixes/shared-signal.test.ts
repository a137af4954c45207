/** A shared abort signal: failed before the fix (MaxListenersExceededWarning). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPairs } from '../../../server/citations/check/run-pairs.js';
import { geminiAnswer } from '../../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('one shared abort signal', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  it('3. Gemini redirect lookups of three prompts sharing one abort signal raise no MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const prompts = ['p one', 'p two', 'p three'];
      for (const [n, text] of prompts.entries()) {
        const chunks = Array.from({ length: 6 }, (_, i) => {
          const token = `tok${n}x${i}`;
          fakes.redirectTargets.set(token, `https://site${i}.example/${n}`);
          return { uri: fakes.redirectUri(token), title: `site${i}.example` };
        });
        fakes.gemini.on(text, { ...geminiAnswer(chunks), delayMs: 20 });
      }
      const { env } = testEnvironment(fakes, { env: { CITATION_CONCURRENCY: '3' } });
      const abort = new AbortController();
      const outcome = await runPairs(
        prompts.map((text, i) => ({
          prompt: trackedPrompt(text, 'acme.com', { id: `prm_AAAAAAAAAAAAAAA${i}` }),
          engine: 'gemini' as const,
          checkId: 'chk_AAAAAAAAAAAAAAAA',
        })),
        env,
        { signal: abort.signal },
      );
      expect(outcome.results.map((r) => r.row.status)).toEqual(['ok', 'ok', 'ok']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
