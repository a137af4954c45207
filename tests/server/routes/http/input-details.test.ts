/**
 * The details of reading input. A url that is not a string is named as such; a date
 * that does not exist is refused; a UUID is one id in any case (RFC 9562: case-insensitive on input,
 * lower case on output) for every route; a JSON body that is not valid UTF-8 is refused, not repaired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import { parseCitationQuery } from '../../../../server/routes/citations/list-citations.js';
import { HttpError } from '../../../../server/http/http-error.js';

describe('reading input', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close({ removeData: true }));

  it.each([
    [{ url: 123 }, 'url must be a string: an http(s) URL or a bare host such as example.com'],
    [{ url: null }, 'url must be a string: an http(s) URL or a bare host such as example.com'],
    [{ url: ['example.com'] }, 'url must be a string: an http(s) URL or a bare host such as example.com'],
    [{}, 'url is required: give an http(s) URL or a bare host such as example.com'],
  ])('POST /audits %j: 400 %s', async (body, message) => {
    const res = await api.request('POST', '/api/v1/audits', { body });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: message });
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-04-31T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T12:60:00Z',
    '2026-01-01T12:00:00+25:00',
  ])('since=%s does not exist: 400', async (since) => {
    const res = await api.request('GET', `/api/v1/citations?since=${encodeURIComponent(since)}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^since must be an ISO 8601 date or date-time/);
  });

  it.each([
    ['2028-02-29', Date.UTC(2028, 1, 29)],
    ['2026-09-01T12:00:00Z', Date.UTC(2026, 8, 1, 12)],
    ['2026-09-01T12:00:00.5+02:00', Date.UTC(2026, 8, 1, 10, 0, 0, 500)],
    ['2026-12-31T23:59:59Z', Date.UTC(2026, 11, 31, 23, 59, 59)],
  ])('since=%s is read exactly', (since, time) => {
    expect(parseCitationQuery({ since }).since).toBe(time);
  });

  it('a leap day that exists is a date; one that does not is an HttpError 400', () => {
    expect(() => parseCitationQuery({ since: '2027-02-29' })).toThrow(HttpError);
  });

  it('an upper-case UUID is the same audit for PUT and GET: stored and answered in lower case', async () => {
    const audit = extensionAudit();
    const upper = audit.id.toUpperCase();
    const put = await api.request('PUT', `/api/v1/audits/${upper}`, { body: { audit: { ...audit, id: upper } } });
    expect(put.status).toBe(201);
    expect(put.json.audit.id).toBe(audit.id);
    expect(put.headers.get('location')).toBe(`/api/v1/audits/${audit.id}`);
    // The same audit sent with its id in lower case is the identical audit, not a conflict.
    expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(200);
    for (const id of [upper, audit.id]) {
      const get = await api.request('GET', `/api/v1/audits/${id}`);
      expect(get.status).toBe(200);
      expect(get.json.audit).toEqual(audit);
    }
  });

  it('PUT still refuses a path that is not a UUID, and a body id that is another UUID', async () => {
    const audit = extensionAudit();
    expect((await api.request('PUT', '/api/v1/audits/not-a-uuid', { body: { audit } })).json.error).toMatch(/must be a UUID/);
    const other = extensionAudit();
    expect((await api.request('PUT', `/api/v1/audits/${other.id.toUpperCase()}`, { body: { audit } })).json.error).toMatch(
      /equal the id in the path/,
    );
  });

  it.each([
    ['a lone continuation byte', Buffer.from([0x80])],
    ['an overlong encoding of "/"', Buffer.from([0xc0, 0xaf])],
    ['a surrogate half (CESU-8)', Buffer.from([0xed, 0xa0, 0x80])],
    ['a truncated sequence', Buffer.from([0xe2, 0x82])],
  ])('a JSON body with %s inside a string: 400, nothing stored or fetched', async (_name, bytes) => {
    const body = Buffer.concat([Buffer.from('{"url": "shop.example/'), bytes, Buffer.from('"}')]);
    const stored = (await api.request('GET', '/api/v1/audits')).json.audits.length;
    for (const [method, path] of [
      ['POST', '/api/v1/audits'],
      ['POST', '/api/v1/prompts'],
    ] as const) {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Request body is not valid UTF-8: send the JSON body as UTF-8' });
    }
    expect((await api.request('GET', '/api/v1/audits')).json.audits).toHaveLength(stored);
  });

  it('a UTF-8 body with a byte order mark and non-ASCII text is read as sent', async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ text: 'Où acheter un vélo à Lyon ?', domain: 'acme.com' })),
    ]);
    const res = await fetch(`${api.url}/api/v1/prompts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(201);
    expect((await res.json()).prompt.text).toBe('Où acheter un vélo à Lyon ?');
  });
});
