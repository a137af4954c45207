/**
 * The webhook routes' answers to bad input and other accounts, and the SSRF guard at creation: a URL on a
 * private, loopback, link-local or reserved address, a special-use name, or a name that resolves to one
 * is refused before anything is stored.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../server/logging/logger.js';
import { LowdbStore } from '../../../../server/store/lowdb/store.js';
import { createWebhookRuntime } from '../../../../server/webhooks/webhook-runtime.js';
import { fakeDns } from '../../../helpers/fake-dns.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('webhook routes', () => {
  let api: TestApi;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-webhooks-api-'));
    const store = await LowdbStore.open(dataDir);
    // The production guard (private addresses refused) over a made-up DNS: no query leaves the machine.
    const webhooks = createWebhookRuntime({
      store: () => store.webhooks(),
      logger: silentLogger,
      allowPrivate: false,
      lookup: fakeDns({
        'hooks.acme.example.com': ['93.184.216.34'],
        'internal.acme.example.com': ['10.1.2.3'],
        'mixed.acme.example.com': ['93.184.216.34', '127.0.0.1'],
      }),
    });
    api = await startTestApi({ dataDir, store, webhooks });
  });
  afterAll(() => api.close({ removeData: true }));

  const create = (body: unknown, key?: string) => api.request('POST', '/api/v1/webhooks', { body, ...(key ? { key } : {}) });

  it('creates a webhook with its secret once; lists it without the secret', async () => {
    const res = await create({
      url: 'https://hooks.acme.example.com/citable',
      events: ['audit.regressed', 'audit.completed', 'audit.completed'],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.webhook).toMatchObject({
      url: 'https://hooks.acme.example.com/citable',
      events: ['audit.completed', 'audit.regressed'],
      format: 'json',
      disabled_at: null,
    });
    expect(res.json.webhook.id).toMatch(/^wh_[A-Za-z0-9]{16}$/);
    expect(res.json.webhook.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(res.headers.get('location')).toBe(`/api/v1/webhooks/${res.json.webhook.id}`);
    const list = await api.request('GET', '/api/v1/webhooks');
    expect(list.status).toBe(200);
    const listed = list.json.webhooks.find((w: { id: string }) => w.id === res.json.webhook.id);
    expect(listed).toBeDefined();
    expect(listed.secret).toBeUndefined();
    expect(list.text).not.toContain(res.json.webhook.secret);
  });

  it('["*"] stays alone', async () => {
    const res = await create({ url: 'https://hooks.acme.example.com/all', events: ['ping', '*'], format: 'slack' });
    expect(res.status).toBe(201);
    expect(res.json.webhook).toMatchObject({ events: ['*'], format: 'slack' });
  });

  it.each([
    [{ events: ['*'] }, /url is required/],
    [{ url: 'https://hooks.acme.example.com/', events: [] }, /at least one event type/],
    [{ url: 'https://hooks.acme.example.com/' }, /events/],
    [{ url: 'https://hooks.acme.example.com/', events: ['audit.exploded'] }, /events\[0\]/],
    [{ url: 'https://hooks.acme.example.com/', events: ['*'], format: 'xml' }, /format must be "json" or "slack"/],
    [{ url: 'https://hooks.acme.example.com/', events: ['*'], secret: 'whsec_mine' }, /secret/],
    [{ url: 'ftp://hooks.acme.example.com/', events: ['*'] }, /only http and https/],
    [{ url: 'https://user:pw@hooks.acme.example.com/', events: ['*'] }, /user name or password/],
    [{ url: 'not a url', events: ['*'] }, /not a valid URL/],
    [{ url: 'https://hooks.acme.example.com/#x', events: ['*'] }, /fragment/],
  ])('400 for %j', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['error']);
    expect(res.json.error).toMatch(message);
  });

  it.each([
    ['http://127.0.0.1:8080/hook', /loopback/],
    ['http://10.0.0.7/hook', /private/],
    ['http://169.254.169.254/latest/meta-data', /linkLocal/],
    ['http://[::1]/hook', /loopback/],
    ['http://[::ffff:192.168.1.1]/hook', /IPv4-mapped/],
    ['http://hooks.localhost/', /special-use name/],
    ['https://printer.local/', /special-use name/],
    ['https://metadata.internal/', /special-use name/],
    ['https://internal.acme.example.com/hook', /10\.1\.2\.3.*private/],
    ['https://mixed.acme.example.com/hook', /127\.0\.0\.1.*loopback/],
    ['https://nowhere.acme.example.com/hook', /does not resolve/],
    ['http://hooks.acme.example.com:25/', /port 25/],
  ])('422 for %s: refused at creation, after DNS, nothing stored', async (url, message) => {
    const before = (await api.request('GET', '/api/v1/webhooks')).json.webhooks.length;
    const res = await create({ url, events: ['*'] });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(message);
    expect((await api.request('GET', '/api/v1/webhooks')).json.webhooks.length).toBe(before);
  });

  it("another account's webhook is 404 everywhere; delete is 204 then 404", async () => {
    const mine = (await create({ url: 'https://hooks.acme.example.com/mine', events: ['*'] })).json.webhook.id;
    const other = await api.newAccount();
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const res = await api.request(method, `/api/v1/webhooks/${mine}${suffix}`, { key: other.key });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: 'Webhook not found' });
    }
    expect((await api.request('GET', '/api/v1/webhooks', { key: other.key })).json.webhooks).toEqual([]);
    expect((await api.request('DELETE', `/api/v1/webhooks/${mine}`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/v1/webhooks/${mine}`)).status).toBe(404);
    expect((await api.request('DELETE', '/api/v1/webhooks/not-an-id')).status).toBe(404);
  });

  it('deliveries: limit and cursor are checked', async () => {
    const id = (await create({ url: 'https://hooks.acme.example.com/d', events: ['*'] })).json.webhook.id;
    expect((await api.request('GET', `/api/v1/webhooks/${id}/deliveries`)).json).toEqual({ deliveries: [], next_cursor: null });
    expect((await api.request('GET', `/api/v1/webhooks/${id}/deliveries?limit=0`)).status).toBe(400);
    expect((await api.request('GET', `/api/v1/webhooks/${id}/deliveries?limit=101`)).status).toBe(400);
    expect((await api.request('GET', `/api/v1/webhooks/${id}/deliveries?cursor=bogus`)).status).toBe(400);
    expect((await api.request('GET', `/api/v1/webhooks/${id}/deliveries?limit=1&limit=2`)).status).toBe(400);
  });

  it('an account has at most 20 webhooks', async () => {
    const account = await api.newAccount();
    for (let i = 0; i < 20; i++)
      expect((await create({ url: `https://hooks.acme.example.com/${i}`, events: ['*'] }, account.key)).status).toBe(201);
    const res = await create({ url: 'https://hooks.acme.example.com/21', events: ['*'] }, account.key);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/at most 20 webhooks/);
  });

  it('needs an Agency key', async () => {
    expect((await api.request('GET', '/api/v1/webhooks', { key: null })).status).toBe(401);
    const pro = await api.newAccount('pro');
    expect((await api.request('GET', '/api/v1/webhooks', { key: pro.key })).status).toBe(403);
  });
});
