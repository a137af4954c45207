import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { extensionAudit } from '../../helpers/extension-audit.js';

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

describe('CORS for the browser extension', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close({ removeData: true }));

  it('answers a preflight for PUT with Authorization from an extension origin, without a key', async () => {
    const res = await api.request('OPTIONS', '/api/v1/audits/3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8', {
      key: null,
      headers: {
        origin: EXTENSION,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(EXTENSION);
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('answers a preflight for PATCH (the dashboard pauses monitors), and for every method the API routes use', async () => {
    const res = await api.request('OPTIONS', '/api/v1/monitors/mon_0000000000000000', {
      key: null,
      headers: {
        origin: EXTENSION,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    const allowed = (res.headers.get('access-control-allow-methods') ?? '').split(',').map((m) => m.trim());
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(allowed, method).toContain(method);
  });

  it('lets the extension read a sync answer and its headers; Firefox extension origins too', async () => {
    const audit = extensionAudit();
    const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, {
      body: { audit },
      headers: { origin: 'moz-extension://4b1f0c2e-1234-4abc-9def-0123456789ab' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('moz-extension://4b1f0c2e-1234-4abc-9def-0123456789ab');
    expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
  });

  it('keeps the CORS headers on errors, so the extension can read why (401 without a key, 404)', async () => {
    const unauthorized = await api.request('GET', '/api/v1/audits', { key: null, headers: { origin: EXTENSION } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe(EXTENSION);
    expect(unauthorized.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    const missing = await api.request('GET', '/api/v1/audits/3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8', { headers: { origin: EXTENSION } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(EXTENSION);
  });

  it('says Vary: Origin to caches, whatever the origin', async () => {
    for (const origin of [EXTENSION, 'https://evil.example']) {
      expect((await api.request('GET', '/api/v1/audits', { headers: { origin } })).headers.get('vary')).toMatch(/Origin/);
    }
  });

  it('gives web origins no CORS headers', async () => {
    const res = await api.request('GET', '/api/v1/audits', { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await api.request('OPTIONS', '/api/v1/audits', {
      key: null,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
