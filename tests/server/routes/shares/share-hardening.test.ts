/**
 * Share links against a hostile client, and the caps around them: a share page is never framed (CSP
 * frame-ancestors and X-Frame-Options, on the 404 too); without PUBLIC_URL a link is built from the Host header
 * only when it is a plain host[:port] (a Host carrying a path made links to another site); /r/ is throttled per
 * client address and per link (429 with Retry-After); an audit has at most 20 live links; webhook test pings are
 * limited per account.
 */
import http from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../server/logging/logger.js';
import { SHARE_PAGE_PER_ADDRESS, SHARE_PAGE_PER_LINK } from '../../../../server/routes/root/share-page.js';
import { SHARES_PER_TARGET } from '../../../../server/routes/shares/create-share.js';
import { WEBHOOK_TESTS_PER_MINUTE } from '../../../../server/routes/webhooks/test-webhook.js';
import { LowdbStore } from '../../../../server/store/lowdb/store.js';
import { createWebhookRuntime } from '../../../../server/webhooks/webhook-runtime.js';
import { fakeDns } from '../../../helpers/fake-dns.js';
import { startReportApi, type ReportApi } from '../../helpers/report-api.js';
import { startTestApi } from '../../helpers/test-api.js';

let api: ReportApi;
beforeAll(async () => {
  api = await startReportApi();
});
afterAll(() => api.closeAll());

/** GET of `pathname` from the loopback address `from` (all of 127.0.0.0/8 is this machine): status and headers. */
function getFrom(from: string, pathname: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(api.url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.get({ host: hostname, port, path: pathname, localAddress: from, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

/** POST /audits/{id}/share with this Host header. */
function shareWithHost(auditId: string, host: string) {
  const { hostname, port } = new URL(api.url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: `/api/v1/audits/${auditId}/share`,
        headers: { host, authorization: `Bearer ${api.key}`, 'content-length': '0' },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('share links against a hostile client', () => {
  it("a share page, its PDF and its 404 may not be framed: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const audit = await api.putAudit({ score: 58 });
    const { url } = (await api.request('POST', `/api/v1/audits/${audit.id}/share`)).json.share;
    const pathname = new URL(url).pathname;
    for (const target of [pathname, `${pathname}?format=pdf`, '/r/0000000000000000000000000000000A']) {
      const res = await getFrom('127.0.0.1', target);
      expect(res.status, target).toBe(target.startsWith('/r/0000') ? 404 : 200);
      expect(res.headers['content-security-policy'], target).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], target).toBe('DENY');
    }
  });

  it('without PUBLIC_URL, a Host that is not a plain host[:port] makes no link (400) and stores nothing', async () => {
    const audit = await api.putAudit({});
    const port = new URL(api.url).port;
    for (const host of [`evil.example/phish?x=`, 'evil.example#', `127.0.0.1:${port}/x`, 'a@evil.example', 'evil.example:80:81']) {
      const res = await shareWithHost(audit.id, host);
      expect([res.status, res.body], host).toEqual([
        400,
        { error: 'The Host header must be a plain host[:port] to build a share link from it; or set PUBLIC_URL' },
      ]);
    }
    const listed = (await api.request('GET', '/api/v1/shares')).json.shares as Array<{ target_id?: string; audit_id?: string }>;
    expect(JSON.stringify(listed)).not.toContain(audit.id);
    const plain = await shareWithHost(audit.id, `reports.example:${port}`);
    expect(plain.status).toBe(201);
    expect(plain.body.share.url).toMatch(new RegExp(`^http://reports\\.example:${port}/r/[0-9A-Za-z]{32}$`));
  });

  it(`/r/ is throttled: ${SHARE_PAGE_PER_ADDRESS} a minute from one address, ${SHARE_PAGE_PER_LINK} for one link (429, Retry-After)`, async () => {
    const madeUp = '/r/Zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz1';
    for (let i = 0; i < SHARE_PAGE_PER_ADDRESS; i++) expect((await getFrom('127.0.0.2', madeUp)).status).toBe(404);
    const refused = await getFrom('127.0.0.2', madeUp);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      error: `Rate limit exceeded: max ${SHARE_PAGE_PER_ADDRESS} share-link requests per minute from one address`,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not refused; the link's own count goes on across addresses.
    const link = '/r/Zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz2';
    for (let i = 0; i < SHARE_PAGE_PER_LINK; i++) expect((await getFrom(`127.0.1.${1 + (i % 6)}`, link)).status).toBe(404);
    const linkRefused = await getFrom('127.0.2.1', link);
    expect([linkRefused.status, JSON.parse(linkRefused.body).error]).toEqual([
      429,
      `Rate limit exceeded: max ${SHARE_PAGE_PER_LINK} requests per minute for one share link`,
    ]);
    expect((await getFrom('127.0.2.1', madeUp)).status).toBe(404);
  });

  it(`an audit has at most ${SHARES_PER_TARGET} live share links; revoking one makes room`, async () => {
    const audit = await api.putAudit({});
    const ids: string[] = [];
    for (let i = 0; i < SHARES_PER_TARGET; i++) {
      const res = await api.request('POST', `/api/v1/audits/${audit.id}/share`);
      expect(res.status).toBe(201);
      ids.push(res.json.share.id as string);
    }
    const over = await api.request('POST', `/api/v1/audits/${audit.id}/share`);
    expect([over.status, over.json]).toEqual([
      400,
      { error: `An audit may have at most ${SHARES_PER_TARGET} live share links: revoke one first (DELETE /shares/{id})` },
    ]);
    expect((await api.request('POST', `/api/v1/audits/${(await api.putAudit({})).id}/share`)).status).toBe(201);
    expect((await api.request('DELETE', `/api/v1/shares/${ids[0]}`)).status).toBe(204);
    expect((await api.request('POST', `/api/v1/audits/${audit.id}/share`)).status).toBe(201);
  });
});

describe('webhook test pings', () => {
  it(`are limited to ${WEBHOOK_TESTS_PER_MINUTE} a minute per account (429 with Retry-After)`, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-webhook-pings-'));
    const store = await LowdbStore.open(dataDir);
    const webhooks = createWebhookRuntime({
      store: () => store.webhooks(),
      logger: silentLogger,
      allowPrivate: false,
      lookup: fakeDns({ 'hooks.acme.example.com': ['93.184.216.34'] }),
    });
    const hooks = await startTestApi({ dataDir, store, webhooks });
    try {
      const created = await hooks.request('POST', '/api/v1/webhooks', {
        body: { url: 'https://hooks.acme.example.com/citable', events: ['audit.completed'] },
      });
      expect(created.status).toBe(201);
      const id = created.json.webhook.id as string;
      for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++)
        expect((await hooks.request('POST', `/api/v1/webhooks/${id}/test`)).status).toBe(202);
      const refused = await hooks.request('POST', `/api/v1/webhooks/${id}/test`);
      expect([refused.status, refused.json]).toEqual([
        429,
        { error: `Rate limit exceeded: max ${WEBHOOK_TESTS_PER_MINUTE} webhook tests per minute` },
      ]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await hooks.close({ removeData: true });
    }
  });
});
