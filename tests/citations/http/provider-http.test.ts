import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../../server/citations/engines/engine-error.js';
import { backoffDelayMs } from '../../../server/citations/http/backoff.js';
import { ProviderHttp, type ProviderReply } from '../../../server/citations/http/provider-http.js';
import { protobufDurationMs, retryAfterMs } from '../../../server/citations/http/retry-after.js';
import { statusError } from '../../../server/citations/http/status-error.js';
import { FakeServer } from '../../helpers/fake-providers/fake-server.js';

const NOW = Date.parse('2026-09-01T12:00:00Z');
const classify = (r: ProviderReply) => statusError(r, 'Test', NOW);

describe('Retry-After', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '120' }), NOW)).toBe(120);
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), NOW)).toBe(7_000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), NOW)).toBe(500);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(NOW + 30_000).toUTCString() }), NOW)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(NOW - 30_000).toUTCString() }), NOW)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), NOW)).toBeNull();
    expect(retryAfterMs(new Headers(), NOW)).toBeNull();
  });

  it("reads Google's RetryInfo delays", () => {
    expect(protobufDurationMs('41s')).toBe(41_000);
    expect(protobufDurationMs('0.25s')).toBe(250);
    expect(protobufDurationMs('41')).toBeNull();
  });

  it('backs off exponentially with full jitter, capped', () => {
    const policy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 5_000, maxRetryAfterMs: 60_000 };
    expect([1, 2, 3, 4].map((a) => backoffDelayMs(a, policy, () => 0.999))).toEqual([999, 1998, 3996, 4995]);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0);
  });
});

describe('ProviderHttp against a server on 127.0.0.1', () => {
  let fake: FakeServer;
  let waits: number[];
  const http = (options: Partial<ConstructorParameters<typeof ProviderHttp>[0]> = {}) =>
    new ProviderHttp({ timeoutMs: 2_000, sleep: async (ms) => void waits.push(ms), random: () => 0.5, now: () => NOW, ...options });

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

  it('retries a 429 after exactly the Retry-After it was given, then succeeds', async () => {
    fake.on('/a', { status: 429, headers: { 'retry-after': '3' }, json: {} }, { status: 200, json: { ok: 1 } });
    const client = http();
    const reply = await client.send({ method: 'POST', url: `${fake.url}/a`, body: { q: 1 } }, classify);
    expect(reply.json).toEqual({ ok: 1 });
    expect(waits).toEqual([3_000]);
    expect(client.calls).toBe(2);
    expect(fake.requests.map((r) => r.body)).toEqual([{ q: 1 }, { q: 1 }]);
    expect(fake.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('retries 5xx and 529 with jittered backoff, and gives up after maxAttempts', async () => {
    fake.on('/b', { status: 503, text: 'busy' }, { status: 529, json: {} }, { status: 500, json: {} });
    const client = http({ retry: { maxAttempts: 3 } });
    const error = await client.send({ method: 'GET', url: `${fake.url}/b` }, classify).catch((e) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error.kind).toBe('server');
    expect(error.status).toBe(500);
    expect(waits).toEqual([500, 1_000]);
    expect(fake.requests).toHaveLength(3);
  });

  it('never retries 401/403 or other 4xx', async () => {
    for (const status of [401, 403, 400, 404]) {
      fake.reset();
      fake.on('/c', { status, json: { error: 'no' } });
      const error = await http()
        .send({ method: 'GET', url: `${fake.url}/c` }, classify)
        .catch((e) => e);
      expect(error.kind).toBe(status >= 401 && status <= 403 ? 'auth' : 'bad_request');
      expect(fake.requests).toHaveLength(1);
    }
  });

  it('does not wait for a Retry-After beyond its limit: fails at once and says how long', async () => {
    fake.on('/d', { status: 429, headers: { 'retry-after': '3600' }, json: {} });
    const error = await http()
      .send({ method: 'GET', url: `${fake.url}/d` }, classify)
      .catch((e) => e);
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toContain('asked to wait 3600 s');
    expect(waits).toEqual([]);
  });

  it('tolerates bodies that are not JSON', async () => {
    fake.on('/e', { status: 200, headers: { 'content-type': 'text/html' }, text: '<html>hi</html>' });
    const reply = await http().send({ method: 'GET', url: `${fake.url}/e` }, classify);
    expect(reply.json).toBeUndefined();
    expect(reply.text).toBe('<html>hi</html>');
  });

  it('times out a request that never answers, and retries it', async () => {
    fake.on('/f', { hang: true });
    const error = await http({ timeoutMs: 150, retry: { maxAttempts: 2 } })
      .send({ method: 'GET', url: `${fake.url}/f` }, classify)
      .catch((e) => e);
    expect(error.kind).toBe('timeout');
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a refused connection as a network error without the URL (keys live in query strings)', async () => {
    const closed = await FakeServer.start(
      () => undefined,
      () => ({}),
    );
    await closed.close();
    const error = await http({ retry: { maxAttempts: 1 } })
      .send({ method: 'GET', url: `${closed.url}/search.json?api_key=secret` }, classify)
      .catch((e) => e);
    expect(error.kind).toBe('network');
    expect(error.message).not.toContain('secret');
  });

  it('takes the budget before every attempt and stops when it refuses', async () => {
    fake.on('/g', { status: 503, json: {} });
    let allowed = 2;
    const client = http({
      beforeAttempt: () => {
        if (allowed-- <= 0) throw new EngineError('budget', 'daily budget exhausted');
      },
    });
    const error = await client.send({ method: 'GET', url: `${fake.url}/g` }, classify).catch((e) => e);
    expect(error.kind).toBe('budget');
    expect(fake.requests).toHaveLength(2);
  });

  it('stops at once when cancelled', async () => {
    fake.on('/h', { hang: true });
    const controller = new AbortController();
    const pending = http({ signal: controller.signal }).send({ method: 'GET', url: `${fake.url}/h` }, classify);
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e) => e);
    expect(error.kind).toBe('cancelled');
  });
});
