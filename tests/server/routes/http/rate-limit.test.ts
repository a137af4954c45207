import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import { expectRateLimitedAnswer, RATE_LIMITED_BODY } from '../../../helpers/rate-limited-answer.js';

describe('rate limit: 10 POST /audits per minute per account', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({ config: { auditConcurrency: 4 } });
  });
  afterEach(() => api.close({ removeData: true }));

  const post = (key?: string) => api.request('POST', '/api/v1/audits', { body: { url: 'shop.example' }, ...(key ? { key } : {}) });

  it('50 parallel requests from one account: exactly 10 × 201 and 40 × 429 with the exact body and headers', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => post()));
    const created = results.filter((r) => r.status === 201);
    const limited = results.filter((r) => r.status === 429);
    expect(created).toHaveLength(10);
    expect(limited).toHaveLength(40);
    for (const r of limited) {
      expect(r.json).toEqual(RATE_LIMITED_BODY);
      expectRateLimitedAnswer(r);
    }
    const remaining = created.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const r of created) expect(r.headers.get('ratelimit-limit')).toBe('10');
    // Only the successful ones were stored.
    expect((await api.request('GET', '/api/v1/audits?limit=100')).json.audits).toHaveLength(10);
  });

  it('all keys of an account share the budget; other accounts have their own', async () => {
    const second = await api.newKey(api.accountId);
    const other = await api.newAccount('agency');
    const firstKey = await Promise.all(Array.from({ length: 6 }, () => post()));
    const secondKey = await Promise.all(Array.from({ length: 6 }, () => post(second.key)));
    const statuses = [...firstKey, ...secondKey].map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const otherResults = await Promise.all(Array.from({ length: 10 }, () => post(other.key)));
    expect(otherResults.every((r) => r.status === 201)).toBe(true);
  });

  it('requests refused as invalid (400) do not use the budget', async () => {
    for (let i = 0; i < 12; i++)
      expect((await api.request('POST', '/api/v1/audits', { body: { url: 'ftp://x.example/' } })).status).toBe(400);
    const res = await post();
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit-remaining')).toBe('9');
  });

  it('PUT /audits/{id} refused with 400, for any reason, does not use the sync budget either', async () => {
    const audit = extensionAudit();
    const refused = [
      { path: audit.id, body: { audit: { ...audit, score: 101 } } }, // the schema
      { path: audit.id, body: { audit: { ...audit, origin: 'server' } } }, // the origin
      { path: 'not-a-uuid', body: { audit } }, // the path
      { path: extensionAudit().id, body: { audit } }, // the id differs from the path's
      { path: audit.id, body: audit }, // no envelope
    ];
    for (let round = 0; round < 25; round++) {
      const results = await Promise.all(refused.map(({ path, body }) => api.request('PUT', `/api/v1/audits/${path}`, { body })));
      expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    }
    const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } });
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit-remaining')).toBe('119');
  });

  it('syncs have their own budget (120 per minute), untouched by audits', async () => {
    await Promise.all(Array.from({ length: 11 }, () => post()));
    const audit = extensionAudit();
    const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } });
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(res.headers.get('ratelimit-remaining')).toBe('119');
  });
});
