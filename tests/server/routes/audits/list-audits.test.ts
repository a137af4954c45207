import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema } from '../../../../shared/schema/api.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('GET /api/v1/audits', () => {
  let api: TestApi;
  const created: string[] = []; // oldest first
  let clock = Date.parse('2026-11-21T10:00:00.000Z');
  beforeAll(async () => {
    api = await startTestApi({ now: () => new Date((clock += 1000)) });
    for (let i = 0; i < 7; i++) {
      const url = i % 2 === 0 ? 'shop.example' : 'https://blog.example/post';
      const res = await api.request('POST', '/api/v1/audits', { body: { url } });
      expect(res.status).toBe(201);
      created.push(res.json.audit.id);
    }
  });
  afterAll(() => api.close({ removeData: true }));

  it('lists newest first with summary fields only, default page of 20', async () => {
    const res = await api.request('GET', '/api/v1/audits');
    expect(res.status).toBe(200);
    const body = auditListSchema.parse(res.json);
    expect(body.audits.map((a) => a.id)).toEqual([...created].reverse());
    expect(body.next_cursor).toBeNull();
    expect(Object.keys(res.json.audits[0]).sort()).toEqual([
      'builder',
      'final_url',
      'id',
      'origin',
      'scanned_at',
      'score',
      'status',
      'url',
    ]);
  });

  it('pages with an opaque cursor until next_cursor is null, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const res = await api.request('GET', `/api/v1/audits${query}`);
      expect(res.status).toBe(200);
      expect(res.json.audits.length).toBeLessThanOrEqual(3);
      seen.push(...res.json.audits.map((a: { id: string }) => a.id));
      cursor = res.json.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it('filters by url (as submitted or final)', async () => {
    const bySubmitted = await api.request('GET', `/api/v1/audits?url=${encodeURIComponent('shop.example')}`);
    expect(bySubmitted.json.audits).toHaveLength(4);
    const byFinal = await api.request('GET', `/api/v1/audits?url=${encodeURIComponent('https://blog.example/post')}&limit=2`);
    expect(byFinal.json.audits).toHaveLength(2);
    expect(byFinal.json.next_cursor).not.toBeNull();
    const rest = await api.request(
      'GET',
      `/api/v1/audits?url=${encodeURIComponent('https://blog.example/post')}&limit=2&cursor=${byFinal.json.next_cursor}`,
    );
    expect(rest.json.audits).toHaveLength(1);
    expect(rest.json.next_cursor).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=5&limit=6', 'once'],
    ['cursor=bogus!', 'cursor'],
    [`cursor=${Buffer.from('v1.1.not-an-id').toString('base64url')}`, 'cursor'],
    ['url=', 'url'],
  ])('400 for %s', async (query, word) => {
    const res = await api.request('GET', `/api/v1/audits?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['error']);
    expect(res.json.error).toContain(word);
  });
});
