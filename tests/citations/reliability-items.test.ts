/**
 * Reliability items of citation tracking (each failed before its fix):
 *  10. POST /citations/checks that only returns the running check spends none of the hourly quota;
 *  13. POST /prompts answers a Location that GET answers (not 405), and a prompt as GET answers it can be sent back;
 *  19. the minimum CITATION_INTERVAL (60 s) is what docs/citations.md says, and the scheduler's period is stated truthfully.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCitationConfig } from '../../server/citations/config.js';
import { ConfigError } from '../../server/settings/parse.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { startCitationsApi, type CitationsTestApi } from './helpers/citations-api.js';

describe('reliability items of citation tracking', () => {
  let fakes: ProviderFakes;
  let api: CitationsTestApi;
  beforeAll(async () => {
    fakes = await startProviderFakes();
    api = await startCitationsApi(fakes, { env: { CITATION_ENGINES: 'chatgpt' } });
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await fakes.close();
  });

  it('10. asking for a check while the account’s check runs returns it without spending the hourly quota', async () => {
    const { key } = await api.newAccount('agency');
    const text = 'slow answer';
    expect((await api.request('POST', '/api/v1/prompts', { key, body: { text, domain: 'acme.com' } })).status).toBe(201);
    fakes.openai.on(text, { ...openaiAnswer({ cited: [] }), delayMs: 400 });
    const first = await api.request('POST', '/api/v1/citations/checks', { key });
    expect(first.status).toBe(202);
    expect(first.headers.get('ratelimit-remaining')).toBe('9');
    const id = (first.json as { check: { id: string } }).check.id;
    for (let i = 0; i < 12; i++) {
      const again = await api.request('POST', '/api/v1/citations/checks', { key });
      expect(again.status).toBe(202);
      expect((again.json as { check: { id: string } }).check.id).toBe(id);
    }
    await api.idle();
    const next = await api.request('POST', '/api/v1/citations/checks', { key });
    expect(next.status).toBe(202);
    expect(next.headers.get('ratelimit-remaining')).toBe('8');
    await api.idle();
  });

  it('13. the Location of POST /prompts answers GET with the prompt; the prompt sent back as it came is accepted', async () => {
    const { key } = await api.newAccount('agency');
    const created = await api.request('POST', '/api/v1/prompts', { key, body: { text: 'round trip', domain: 'acme.com' } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const read = await api.request('GET', location, { key });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
    const prompt = (read.json as { prompt: Record<string, unknown> }).prompt;
    expect(prompt.runs).toBeNull();
    expect((await api.request('DELETE', location, { key })).status).toBe(204);
    const again = await api.request('POST', '/api/v1/prompts', { key, body: prompt });
    expect(again.status).toBe(201);
    expect((again.json as { prompt: { runs: null; text: string } }).prompt).toMatchObject({ runs: null, text: 'round trip' });
    expect((await api.request('GET', '/api/v1/prompts/prm_0000000000000000', { key })).status).toBe(404);
  });
});

describe('19. CITATION_INTERVAL', () => {
  const docs = readFileSync(path.resolve(import.meta.dirname, '../../docs/citations.md'), 'utf8');

  it('is at least 60 s, as the docs say; a shorter one stops the start with the variable named', () => {
    expect(readCitationConfig({ CITATION_INTERVAL: '60s' }).intervalMs).toBe(60_000);
    expect(() => readCitationConfig({ CITATION_INTERVAL: '59s' })).toThrow(ConfigError);
    expect(() => readCitationConfig({ CITATION_INTERVAL: '59s' })).toThrow(/CITATION_INTERVAL/);
    expect(docs).toContain('at least 60 s');
  });

  it('the docs no longer promise a scheduler period shorter than a minute', () => {
    expect(docs).not.toContain('or every `CITATION_INTERVAL` when shorter');
  });
});
