/** Provider quirks (retries as the Stainless SDKs retry): each case failed before the fix. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderHttp, type ProviderReply } from '../../../server/citations/http/provider-http.js';
import { statusError } from '../../../server/citations/http/status-error.js';
import { FakeServer } from '../../helpers/fake-providers/fake-server.js';

describe('5. retries as the Anthropic and OpenAI SDKs retry', () => {
  let fake: FakeServer;
  let waits: number[];
  const NOW = Date.parse('2026-09-01T12:00:00Z');
  const classify = (r: ProviderReply) => statusError(r, 'Test', NOW);
  const http = () => new ProviderHttp({ timeoutMs: 2_000, sleep: async (ms) => void waits.push(ms), random: () => 0.5, now: () => NOW });

  beforeAll(async () => {
    fake = await FakeServer.start(
      (r) => r.path,
      () => ({ status: 404, json: { error: 'none' } }),
    );
  });
  beforeEach(() => {
    fake.reset();
    waits = [];
  });
  afterAll(() => fake.close());

  it('retries 408 and 409', async () => {
    fake.on('/t', { status: 408, json: {} }, { status: 409, json: {} }, { status: 200, json: { ok: 1 } });
    const reply = await http().send({ method: 'POST', url: `${fake.url}/t` }, classify);
    expect(reply.json).toEqual({ ok: 1 });
    expect(fake.requests).toHaveLength(3);
  });

  it('x-should-retry: true retries what it would not; false stops what it would retry', async () => {
    fake.on('/yes', { status: 400, headers: { 'x-should-retry': 'true' }, json: {} }, { status: 200, json: { ok: 2 } });
    expect((await http().send({ method: 'POST', url: `${fake.url}/yes` }, classify)).json).toEqual({ ok: 2 });
    fake.on('/no', { status: 503, headers: { 'x-should-retry': 'false' }, json: {} });
    await expect(http().send({ method: 'POST', url: `${fake.url}/no` }, classify)).rejects.toThrow(/HTTP 503/);
    expect(fake.requestsFor('/no')).toHaveLength(1);
  });

  it('a 3xx from a provider is one failed attempt that names the status and the base URL setting, never followed or retried', async () => {
    fake.on('/moved', { status: 301, headers: { location: 'https://elsewhere.example/v1/responses' }, json: {} });
    await expect(http().send({ method: 'POST', url: `${fake.url}/moved` }, classify)).rejects.toThrow(/redirect \(HTTP 301\)/);
    expect(fake.requestsFor('/moved')).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
