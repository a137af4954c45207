import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('GET /api/v1/audits/{id}', () => {
  let api: TestApi;
  let auditId: string;
  beforeAll(async () => {
    api = await startTestApi();
    auditId = (await api.request('POST', '/api/v1/audits', { body: { url: 'shop.example' } })).json.audit.id;
  });
  afterAll(() => api.close({ removeData: true }));

  it('returns the full audit with category scores, issues and signals', async () => {
    const res = await api.request('GET', `/api/v1/audits/${auditId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(res.json)).toEqual(['audit']);
    expect(res.json.audit.id).toBe(auditId);
    expect(res.json.audit.category_scores).toHaveLength(6);
    expect(Array.isArray(res.json.audit.issues)).toBe(true);
    expect(res.json.audit.signals.webmcp).toMatchObject({
      status: expect.any(String),
      evidence: expect.any(Array),
      source: expect.any(String),
    });
  });

  it('finds an id written in upper case', async () => {
    const res = await api.request('GET', `/api/v1/audits/${auditId.toUpperCase()}`);
    expect(res.status).toBe(200);
  });

  it.each([
    ['an unknown UUID', '3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8'],
    ['a malformed id', 'not-a-uuid'],
    ['a path-traversal attempt', '..%2F..%2Faccounts.json'],
  ])('404 JSON for %s', async (_name, id) => {
    const res = await api.request('GET', `/api/v1/audits/${id}`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Audit not found' });
  });

  it("404 for another account's audit, exactly as for an unknown one (tenant isolation)", async () => {
    const other = await api.newAccount('agency');
    const res = await api.request('GET', `/api/v1/audits/${auditId}`, { key: other.key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Audit not found' });
    const list = await api.request('GET', '/api/v1/audits', { key: other.key });
    expect(list.json).toEqual({ audits: [], next_cursor: null });
  });
});
