/**
 * One set of routing rules, for every path the OpenAPI document lists (so for routes
 * added later too). Paths are case-sensitive; no path takes a trailing slash (404, with a hint); a known
 * path with another method is 405 with `Allow`, /healthz and /mcp included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../../server/openapi/document.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every documented path with a concrete id in place of each parameter, and its documented methods. */
function documentedPaths(): Array<{ path: string; methods: string[] }> {
  const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).map(([path, item]) => ({
    path: path.replace(/\{[^}]+\}/g, '3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8'),
    methods: Object.keys(item).map((m) => m.toUpperCase()),
  }));
}

describe('routing rules', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close({ removeData: true }));

  it('paths are case-sensitive: /API/V1/AUDITS, /api/V1/audits and /HEALTHZ are 404', async () => {
    for (const path of ['/API/V1/AUDITS', '/api/V1/audits', '/api/v1/Audits', '/HEALTHZ', '/MCP']) {
      const res = await api.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ error: `Not found: GET ${path}` });
    }
  });

  it('no path takes a trailing slash: 404 naming the path without it', async () => {
    for (const path of ['/healthz/', '/api/v1/audits/', '/api/v1/openapi.json/', '/mcp/']) {
      const res = await api.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ error: `Not found: GET ${path} (paths take no trailing slash: ${path.slice(0, -1)})` });
    }
    expect((await api.request('GET', '/api/v1/audits')).status).toBe(200);
    expect((await api.request('GET', '/healthz')).status).toBe(200);
  });

  it('POST /healthz is 405 with Allow: GET, HEAD, as for every known path', async () => {
    const res = await api.request('POST', '/healthz', { key: null });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('HEAD, GET');
    expect(res.json).toEqual({ error: 'Method POST is not allowed on /healthz; allowed: HEAD, GET' });
  });

  it('every documented path: another method is 405 whose Allow lists exactly the documented methods; its trailing-slash and upper-case forms are 404', async () => {
    for (const { path, methods } of documentedPaths()) {
      const allowed = new Set(methods.includes('GET') ? [...methods, 'HEAD'] : methods);
      for (const method of ALL_METHODS.filter((m) => !allowed.has(m))) {
        const res = await api.request(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(new Set(res.headers.get('allow')!.split(', ')), `${method} ${path}`).toEqual(allowed);
        expect(Object.keys(res.json)).toEqual(['error']);
      }
      for (const variant of [`${path}/`, path.toUpperCase()]) {
        const res = await api.request(methods[0]!, variant);
        expect(res.status, `${methods[0]} ${variant}`).toBe(404);
      }
    }
  });
});
