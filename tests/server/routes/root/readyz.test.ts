/**
 * GET /readyz (docs/operations.md#readiness): 200 with every check ok while the store works; 503 with
 * Retry-After and the failing check named when the data directory is gone; /healthz stays 200 (alive, not
 * ready). Both answer over plain HTTP when REQUIRE_HTTPS=1, as does /metrics. PostgreSQL and Redis
 * readiness: tests/scale/readiness.test.ts.
 */
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('GET /readyz', () => {
  let api: TestApi | null = null;
  afterEach(async () => {
    await api?.close({ removeData: true });
    api = null;
  });

  it('is 200 with each check while the store works, without a key', async () => {
    api = await startTestApi();
    const res = await api.request('GET', '/readyz', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      ready: true,
      checks: {
        store: { ok: true, detail: `${api.dataDir} is readable and writable` },
        migrations: { ok: true, detail: 'the embedded store has no schema migrations' },
      },
    });
  });

  it('is 503 naming the store when its data directory is gone, while /healthz stays 200', async () => {
    api = await startTestApi();
    await rm(api.dataDir, { recursive: true, force: true });
    const res = await api.request('GET', '/readyz', { key: null });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.json.ready).toBe(false);
    expect(res.json.checks.store.ok).toBe(false);
    expect(res.json.checks.store.detail).toContain(api.dataDir);
    expect((await api.request('GET', '/healthz', { key: null })).status).toBe(200);
  });

  it('answers over plain HTTP with REQUIRE_HTTPS, as /healthz and /metrics do; the API does not', async () => {
    api = await startTestApi({ config: { requireHttps: true } });
    for (const path of ['/readyz', '/healthz', '/metrics']) expect((await api.request('GET', path, { key: null })).status, path).toBe(200);
    expect((await api.request('GET', '/api/v1/audits')).status).toBe(403);
  });
});
