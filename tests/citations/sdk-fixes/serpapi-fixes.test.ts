/** Provider quirks (SerpApi): failed before the fix. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serpInlineOverview } from '../../helpers/fake-providers/serpapi.js';
import { startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('serpapi fixes', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  it('6. SerpApi is called as both official clients call it: GET /search with output=json', async () => {
    const PROMPT = 'crm for agencies';
    fakes.serpapi.on(`q:${PROMPT}`, serpInlineOverview(PROMPT, ['https://acme.com/a']));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'google_ai_overviews');
    expect(row.cited).toBe(true);
    const [request] = fakes.serpapi.requests;
    expect(request!.path).toBe('/search');
    expect(request!.query.get('output')).toBe('json');
  });
});
