import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('authentication and plan', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close({ removeData: true }));

  const routes = [
    ['GET', '/api/v1/audits'],
    ['POST', '/api/v1/audits'],
    ['GET', '/api/v1/audits/3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8'],
    ['PUT', '/api/v1/audits/3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8'],
  ] as const;

  it.each(routes)('%s %s without a key: 401 with WWW-Authenticate: Bearer (no error code)', async (method, path) => {
    const res = await api.request(method, path, { key: null, ...(method === 'GET' ? {} : { body: {} }) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable"');
    expect(Object.keys(res.json)).toEqual(['error']);
  });

  it.each([
    ['a malformed key', { authorization: 'Bearer not-a-key' }, 'invalid_token'],
    ['an unknown key', { authorization: `Bearer cit_${'A'.repeat(32)}` }, 'invalid_token'],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }, 'invalid_request'],
  ])('401 with error="%s" in WWW-Authenticate', async (_name, headers, code) => {
    const res = await api.request('GET', '/api/v1/audits', { key: null, headers });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer realm="citable", error="${code}"`);
    expect(Object.keys(res.json)).toEqual(['error']);
  });

  it('accepts the scheme in any case, as RFC 7235 says', async () => {
    const res = await api.request('GET', '/api/v1/audits', { key: null, headers: { authorization: `bearer ${api.key}` } });
    expect(res.status).toBe(200);
  });

  it('a revoked key is refused at once, the account keeps working with its other key', async () => {
    const extra = await api.newKey(api.accountId);
    expect((await api.request('GET', '/api/v1/audits', { key: extra.key })).status).toBe(200);
    await api.store.revokeKey(extra.keyId);
    const res = await api.request('GET', '/api/v1/audits', { key: extra.key });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: 'This API key has been revoked' });
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await api.request('GET', '/api/v1/audits')).status).toBe(200);
  });

  it.each(['free', 'pro'] as const)('403 for an account on the %s plan, on every route', async (plan) => {
    const account = await api.newAccount(plan);
    for (const [method, path] of routes) {
      const res = await api.request(method, path, { key: account.key, ...(method === 'GET' ? {} : { body: { url: 'shop.example' } }) });
      expect(res.status).toBe(403);
      expect(res.json.error).toMatch(/Agency plan/);
    }
  });

  it('the OpenAPI document and the health check need no key', async () => {
    expect((await api.request('GET', '/api/v1/openapi.json', { key: null })).status).toBe(200);
    const health = await api.request('GET', '/healthz', { key: null });
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ ok: true });
  });
});
