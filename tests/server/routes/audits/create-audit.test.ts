import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEnvelopeSchema } from '../../../../shared/schema/api.js';
import { CATEGORY_NAMES } from '../../../../shared/types/audit.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { fakeFetcher } from '../../helpers/fake-fetcher.js';
import { AuditTooHeavyError } from '../../../../server/audits/audit-runner.js';

describe('POST /api/v1/audits', () => {
  let api: TestApi;
  const fetcher = fakeFetcher();
  beforeAll(async () => {
    api = await startTestApi({ fetcher });
  });
  afterAll(() => api.close({ removeData: true }));

  it('runs the engine on a bare host and answers 201 {audit} with signals, stored for later', async () => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url: 'shop.example' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const audit = auditEnvelopeSchema.parse(res.json).audit; // exactly the wire schema
    expect(audit.url).toBe('shop.example');
    expect(audit.final_url).toBe('https://shop.example/');
    expect(audit.origin).toBe('server');
    expect(audit.status).toBe('complete');
    expect(audit.category_scores.map((c) => c.name)).toEqual([...CATEGORY_NAMES]);
    expect(audit.signals.webmcp.status).toBe('not_found');
    expect(res.headers.get('location')).toBe(`/api/v1/audits/${audit.id}`);
    expect(fetcher.urls).toContain('https://shop.example/');

    const again = await api.request('GET', `/api/v1/audits/${audit.id}`);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ audit });
  });

  it('accepts a full https URL and keeps the URL as submitted (trimmed)', async () => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url: '  https://shop.example/chairs  ' } });
    expect(res.status).toBe(201);
    expect(res.json.audit.url).toBe('https://shop.example/chairs');
  });

  it.each([
    ['missing url', {}],
    ['url not a string', { url: 42 }],
    ['empty url', { url: '   ' }],
    ['ftp scheme', { url: 'ftp://shop.example/' }],
    ['file scheme', { url: 'file:///etc/passwd' }],
    ['credentials', { url: 'https://user:secret@shop.example/' }],
    ['over-long url', { url: `https://shop.example/${'a'.repeat(2100)}` }],
    ['not a host', { url: 'https://nodots/' }],
  ])('400 for %s, without fetching anything', async (_name, body) => {
    const before = fetcher.urls.length;
    const res = await api.request('POST', '/api/v1/audits', { body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['error']);
    expect(typeof res.json.error).toBe('string');
    expect(fetcher.urls.length).toBe(before);
  });

  it('422 when the page cannot be fetched (DNS failure)', async () => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url: 'https://nowhere.invalid/' } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: expect.stringContaining('does not resolve') });
  });

  it('400 for malformed JSON, 415 for a non-JSON body, 413 beyond 16 KB', async () => {
    const malformed = await api.request('POST', '/api/v1/audits', { rawBody: '{"url":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/Malformed JSON/);

    const form = await api.request('POST', '/api/v1/audits', {
      rawBody: 'url=shop.example',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(Object.keys(form.json)).toEqual(['error']);

    const big = await api.request('POST', '/api/v1/audits', { body: { url: 'shop.example', padding: 'x'.repeat(17 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.json.error).toMatch(/16 KB/);
  });
});

describe('POST /api/v1/audits of a page too heavy to audit', () => {
  it('is a 422 naming the memory bound, not a server error', async () => {
    const runner = {
      pending: 0,
      abortAll: () => undefined,
      run: async () => {
        throw new AuditTooHeavyError(256);
      },
    };
    const api = await startTestApi({ runner });
    try {
      const res = await api.request('POST', '/api/v1/audits', { body: { url: 'heavy.example' } });
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ error: 'The page is too large or too deeply nested to audit within the 256 MB an audit may use' });
    } finally {
      await api.close({ removeData: true });
    }
  });
});
