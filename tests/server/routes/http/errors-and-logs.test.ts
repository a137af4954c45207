import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../server/logging/logger.js';
import type { AuditRunner } from '../../../../server/audits/audit-runner.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

const brokenRunner: AuditRunner = {
  pending: 0,
  abortAll() {},
  async run() {
    throw new Error('engine exploded at /srv/citable/secret-path.ts:42');
  },
};

describe('errors and request logs', () => {
  let api: TestApi;
  const logger = createMemoryLogger();
  beforeAll(async () => {
    api = await startTestApi({ runner: brokenRunner, logger });
  });
  afterAll(() => api.close({ removeData: true }));

  it.each([
    ['GET', '/'],
    ['GET', '/api/v1/nothing-here'],
    ['GET', '/api/v2/audits'],
    ['GET', '/api/v1/audits/3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8/extra'],
  ])('%s %s: JSON 404', async (method, path) => {
    const res = await api.request(method, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toEqual({ error: `Not found: ${method} ${path}` });
  });

  it('a known path with another method: JSON 405 with Allow', async () => {
    const res = await api.request('DELETE', '/api/v1/audits');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(res.headers.get('allow')).toContain('POST');
    expect(Object.keys(res.json)).toEqual(['error']);
  });

  it('a method no route implements is a client error, not 501: 405 on a known path, 404 elsewhere', async () => {
    const known = await api.request('PROPFIND', '/api/v1/audits');
    expect(known.status).toBe(405);
    expect(known.headers.get('allow')).toContain('GET');
    expect(known.json).toEqual({ error: expect.stringMatching(/^Method PROPFIND is not allowed on \/api\/v1\/audits/) });
    const unknown = await api.request('PROPFIND', '/nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Not found: PROPFIND /nowhere' });
  });

  it('500 is a bare {"error"} without stack or internals; the log has the details and the request id', async () => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url: 'shop.example' } });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: 'Internal server error' });
    expect(res.text).not.toContain('secret-path');
    const requestId = res.headers.get('x-request-id');
    const logged = logger.lines.find((l) => l.msg === 'unhandled error' && l.request_id === requestId);
    expect(JSON.stringify(logged)).toContain('secret-path');
  });

  it('every response carries X-Request-Id; a sane incoming id is kept, an unsafe one replaced', async () => {
    const generated = await api.request('GET', '/api/v1/audits');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await api.request('GET', '/healthz', { headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-abc.123');
    const replaced = await api.request('GET', '/healthz', { headers: { 'x-request-id': 'evil"\\id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await api.request('GET', '/nope');
    expect(notFound.headers.get('x-request-id')).toBeTruthy();
  });

  it('writes one JSON line per request with id, status and account, and never a key', async () => {
    const bad = `cit_${'Z'.repeat(32)}`;
    await api.request('GET', '/api/v1/audits', { key: bad });
    const ok = await api.request('GET', '/api/v1/audits?url=secret-query');
    const line = logger.lines.find((l) => l.msg === 'request' && l.request_id === ok.headers.get('x-request-id'));
    expect(line).toMatchObject({ method: 'GET', path: '/api/v1/audits', status: 200, account_id: api.accountId });
    expect(typeof line?.duration_ms).toBe('number');
    const all = JSON.stringify(logger.lines);
    expect(all).not.toContain(api.key);
    expect(all).not.toContain(bad);
    expect(all).not.toContain('Bearer');
    expect(all).not.toContain('secret-query');
  });
});
