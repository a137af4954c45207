/** Share links over real HTTP: create, open without a key, list, revoke, expire; what a shared report never shows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareEnvelopeSchema, shareListSchema } from '../../../../shared/schema/reports.js';
import { REPORT_CSP } from '../../../../shared/report/components/ReportDocument.js';
import { issue } from '../../../reports/fixtures/audits.js';
import { DAY, startReportApi, T0, type ReportApi } from '../../helpers/report-api.js';

let api: ReportApi;
beforeAll(async () => {
  api = await startReportApi();
});
afterAll(() => api.closeAll());

const share = async (auditId: string, body?: unknown, key?: string) =>
  api.request('POST', `/api/v1/audits/${auditId}/share`, { ...(body === undefined ? {} : { body }), ...(key ? { key } : {}) });
const open = (url: string, query = '') => fetch(`${url}${query}`, { redirect: 'manual' });
const pathOf = (url: string) => new URL(url).pathname;

function expectShareHeaders(res: Response): void {
  expect(res.headers.get('x-robots-tag')).toBe('noindex');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('share links', () => {
  it("POST: 201 {share: {id, url, expires_at}}, a 190-bit token at this server's address, 30 days by default", async () => {
    api.clock.now = T0;
    const audit = await api.putAudit({});
    const res = await share(audit.id);
    expect(res.status).toBe(201);
    const { share: created } = shareEnvelopeSchema.parse(res.json);
    expect(Object.keys(res.json.share).sort()).toEqual(['expires_at', 'id', 'url']);
    expect(created.url).toMatch(new RegExp(`^${api.url}/r/[0-9A-Za-z]{32}$`));
    expect(created.expires_at).toBe(new Date(T0 + 30 * DAY).toISOString());
    const again = shareEnvelopeSchema.parse((await share(audit.id, { expires_in_days: 7 })).json).share;
    expect(again.url).not.toBe(created.url);
    expect(again.expires_at).toBe(new Date(T0 + 7 * DAY).toISOString());
  });

  it('opens the HTML report without a key, with noindex, no-referrer and a CSP that allows no script', async () => {
    const audit = await api.putAudit({
      score: 44,
      score_cap: { max: 49, reason: '1 critical issue' },
      issues: [issue('robots.search-agents-blocked', 'critical', 'Crawler Access', 'Search agents blocked', 'Allow OAI-SearchBot.')],
    });
    const { url } = (await share(audit.id)).json.share;
    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectShareHeaders(res);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(REPORT_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-eval/);
    const html = await res.text();
    expect(html).toContain('Search agents blocked');
    expect(html).toContain('aria-label="Score 44 out of 100"');
    expect(html).not.toContain('<script');
  });

  it("never shows the API key or another audit, not even the page's earlier scores", async () => {
    const url = 'https://client.example/shared-page';
    const earlier = await api.putAudit({
      url,
      final_url: url,
      scanned_at: new Date(T0 - 20 * DAY).toISOString(),
      score: 12,
      issues: [issue('content.title', 'warning', 'Content Structure', 'An earlier finding only')],
    });
    const other = await api.putAudit({
      url: 'https://client.example/other',
      final_url: 'https://client.example/other',
      issues: [issue('trust.author', 'notice', 'Trust', 'Another page finding')],
    });
    const shared = await api.putAudit({ url, final_url: url, score: 77 });
    // The account's own report has the history; the shared one does not.
    expect((await api.request('GET', `/api/v1/audits/${shared.id}/report`)).text).toContain('id="history"');
    const html = await (await open((await share(shared.id)).json.share.url)).text();
    expect(html).toContain(shared.id);
    for (const leak of [
      api.key,
      api.key.slice(4),
      earlier.id,
      other.id,
      'An earlier finding only',
      'Another page finding',
      'id="history"',
      api.accountId,
    ])
      expect(html).not.toContain(leak);
  });

  it('serves the PDF too (?format=pdf), with the same headers', async () => {
    const audit = await api.putAudit({ score: 63 });
    const res = await open((await share(audit.id)).json.share.url, '?format=pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expectShareHeaders(res);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('is listed until revoked; after DELETE (204) the link is 404, and a second DELETE is 404', async () => {
    const audit = await api.putAudit({});
    const created = (await share(audit.id)).json.share;
    const listed = shareListSchema.parse((await api.request('GET', '/api/v1/shares')).json).shares;
    expect(listed.find((s) => s.id === created.id)).toEqual({
      id: created.id,
      kind: 'audit',
      target_id: audit.id,
      created_at: new Date(api.clock.now).toISOString(),
      expires_at: created.expires_at,
    });
    expect(JSON.stringify(listed)).not.toContain(pathOf(created.url).slice(3)); // the token is never listed
    const other = await api.newAccount();
    expect((await api.request('DELETE', `/api/v1/shares/${created.id}`, { key: other.key })).status).toBe(404);
    expect((await open(created.url)).status).toBe(200);
    const revoked = await api.request('DELETE', `/api/v1/shares/${created.id}`);
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    const gone = await open(created.url);
    expect(gone.status).toBe(404);
    expectShareHeaders(gone);
    // A person's browser gets a page that says so; a client asking for JSON only gets the API's error.
    expect(gone.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(gone.headers.get('content-security-policy')).toBe(REPORT_CSP);
    const page = await gone.text();
    expect(page).toMatch(/^<!doctype html><html lang="en">/);
    expect(page).toContain('<h1>This report link no longer works</h1>');
    expect(page).toContain('revoked, has expired or never existed');
    expect(page).not.toContain('<script');
    const asJson = await fetch(created.url, { headers: { accept: 'application/json' } });
    expect(asJson.status).toBe(404);
    expect(await asJson.json()).toEqual({ error: 'This share link does not exist, has expired or was revoked' });
    expect((await open(created.url, '?format=pdf')).status).toBe(404);
    expect((await api.request('DELETE', `/api/v1/shares/${created.id}`)).status).toBe(404);
    expect((await api.request('GET', '/api/v1/shares')).json.shares.map((s: { id: string }) => s.id)).not.toContain(created.id);
  });

  it('is 404 once expired, and leaves the list', async () => {
    api.clock.now = T0;
    const audit = await api.putAudit({});
    const created = (await share(audit.id, { expires_in_days: 1 })).json.share;
    api.clock.now = T0 + DAY - 1000;
    expect((await open(created.url)).status).toBe(200);
    api.clock.now = T0 + DAY;
    expect((await open(created.url)).status).toBe(404);
    expect((await api.request('GET', '/api/v1/shares')).json.shares.map((s: { id: string }) => s.id)).not.toContain(created.id);
    api.clock.now = T0;
  });

  it('404 for a malformed or made-up token, with the same headers', async () => {
    for (const token of ['short', 'A'.repeat(32), `${'B'.repeat(31)}!`, 'x'.repeat(300)]) {
      const res = await open(`${api.url}/r/${encodeURIComponent(token)}`);
      expect(res.status).toBe(404);
      expectShareHeaders(res);
      expect(await res.text()).toContain('This report link no longer works');
    }
  });

  it("POST refuses another account's audit (404), a bad duration (400) and a bad body", async () => {
    const other = await api.newAccount();
    const theirs = await api.putAudit({}, other.accountId);
    expect((await share(theirs.id)).status).toBe(404);
    expect((await share('not-an-id')).status).toBe(404);
    const mine = await api.putAudit({});
    for (const body of [{ expires_in_days: 0 }, { expires_in_days: 91 }, { expires_in_days: 1.5 }, { expires_in_days: '7' }, { days: 7 }]) {
      const res = await share(mine.id, body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(Object.keys(res.json)).toEqual(['error']);
    }
    expect(
      (await api.request('POST', `/api/v1/audits/${mine.id}/share`, { rawBody: '{', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(400);
    expect((await api.request('POST', `/api/v1/audits/${mine.id}/share`, { key: null })).status).toBe(401);
  });
});

describe('PUBLIC_URL', () => {
  it('is where share links point', async () => {
    const behindProxy = await startReportApi({ publicUrl: 'https://reports.agency.example/citable' });
    try {
      const audit = await behindProxy.putAudit({});
      const { url } = (await behindProxy.request('POST', `/api/v1/audits/${audit.id}/share`)).json.share;
      expect(url).toMatch(/^https:\/\/reports\.agency\.example\/citable\/r\/[0-9A-Za-z]{32}$/);
      // The path the server answers is the same /r/{token}.
      expect((await fetch(`${behindProxy.url}${new URL(url).pathname.replace('/citable', '')}`)).status).toBe(200);
    } finally {
      await behindProxy.closeAll();
    }
  });
});
