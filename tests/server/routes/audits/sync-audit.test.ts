import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import { syncCapMessage } from '../../../../server/routes/audits/sync-audit.js';

describe('PUT /api/v1/audits/{id} (extension sync)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close({ removeData: true }));

  it('201 when new, then 200 for the identical audit (even with keys in another order), readable with GET', async () => {
    const audit = extensionAudit();
    const first = await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ audit });
    expect(first.headers.get('ratelimit-limit')).toBe('120');

    const reordered = Object.fromEntries(Object.entries(audit).reverse());
    const again = await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit: reordered } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ audit });

    const read = await api.request('GET', `/api/v1/audits/${audit.id}`);
    expect(read.status).toBe(200);
    expect(read.json.audit.signals.webmcp.runtime).toEqual(audit.signals.webmcp.runtime);
    const list = await api.request('GET', '/api/v1/audits');
    expect(list.json.audits.filter((a: { id: string }) => a.id === audit.id)).toHaveLength(1);
  });

  it('parallel identical syncs store one audit: one 201, the rest 200', async () => {
    const audit = extensionAudit();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
  });

  it('409 when the id holds different content', async () => {
    const audit = extensionAudit();
    expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(201);
    const changed = { ...audit, score: audit.score === 100 ? 99 : audit.score + 1 };
    const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit: changed } });
    expect(res.status).toBe(409);
    expect(Object.keys(res.json)).toEqual(['error']);
  });

  it('409 when another account holds the id, with the same message as a content conflict (no leak)', async () => {
    const audit = extensionAudit();
    expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(201);
    const other = await api.newAccount('agency');
    const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, { key: other.key, body: { audit } });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: `Audit ${audit.id} already exists with different content` });
    expect((await api.request('GET', `/api/v1/audits/${audit.id}`, { key: other.key })).status).toBe(404);
  });

  it.each([
    ['a path id that is not a UUID', (a: any) => ({ path: 'abc', body: { audit: a } }), /must be a UUID/],
    ['a body id that differs from the path', (a: any) => ({ path: randomUUID(), body: { audit: a } }), /equal the id in the path/],
    ['a bare audit without envelope', (a: any) => ({ path: a.id, body: a }), /envelope/],
    [
      'a wrong severity',
      (a: any) => ({ path: a.id, body: { audit: { ...a, issues: [{ ...a.issues[0], severity: 'fatal' }] } } }),
      /audit\.issues\[0\]\.severity/,
    ],
    ['a score above 100', (a: any) => ({ path: a.id, body: { audit: { ...a, score: 101 } } }), /audit\.score/],
    ['a missing member', (a: any) => ({ path: a.id, body: { audit: { ...a, signals: undefined } } }), /audit\.signals/],
    ['an unknown member', (a: any) => ({ path: a.id, body: { audit: { ...a, extra: 1 } } }), /extra/],
    ['origin "server"', (a: any) => ({ path: a.id, body: { audit: { ...a, origin: 'server' } } }), /origin/],
  ])('400 for %s, naming the problem', async (_name, make, message) => {
    const audit = extensionAudit();
    const { path, body } = make(audit);
    const res = await api.request('PUT', `/api/v1/audits/${path}`, { body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['error']);
    expect(res.json.error).toMatch(message);
  });

  it('accepts bodies up to 5 MB and answers 413 beyond', async () => {
    const audit = extensionAudit();
    audit.issues[0] = { ...audit.issues[0]!, detail: 'x'.repeat(4 * 1024 * 1024) };
    expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(201);
    const huge = extensionAudit();
    huge.issues[0] = { ...huge.issues[0]!, detail: 'x'.repeat(5 * 1024 * 1024) };
    const res = await api.request('PUT', `/api/v1/audits/${huge.id}`, { body: { audit: huge } });
    expect(res.status).toBe(413);
    expect(res.json.error).toMatch(/5 MB/);
  });

  it('415 for a body that is not JSON', async () => {
    const audit = extensionAudit();
    const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, {
      rawBody: JSON.stringify({ audit }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('PUT /api/v1/audits/{id}: the daily cap per account (SYNC_AUDITS_PER_DAY)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { syncAuditsPerDay: 3 } });
  });
  afterAll(() => api.close({ removeData: true }));

  it('429 with Retry-After and a JSON error once an account made its syncs of the day; other accounts go on', async () => {
    for (let i = 0; i < 3; i++) {
      const audit = extensionAudit();
      const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } });
      expect(res.status).toBe(201);
      expect(res.headers.get('ratelimit-limit'), 'the limit closest to running out').toBe('3');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const refused = extensionAudit();
    const res = await api.request('PUT', `/api/v1/audits/${refused.id}`, { body: { audit: refused } });
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ error: syncCapMessage(3) });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect((await api.request('GET', `/api/v1/audits/${refused.id}`)).status).toBe(404);

    const other = await api.newAccount('agency');
    const theirs = extensionAudit();
    expect((await api.request('PUT', `/api/v1/audits/${theirs.id}`, { key: other.key, body: { audit: theirs } })).status).toBe(201);
  });
});
