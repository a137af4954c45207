/**
 * The monitor routes in-process: create (the first run starts at once and stores an ordinary audit whose
 * events name the monitor), list, run now, delete; bad input; other accounts; crawl monitors with and
 * without a crawl backend; monitor runs outside the audit rate limit.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CrawlLauncher } from '../../../../server/monitors/crawl-launcher.js';
import { NO_CRAWLS_MESSAGE } from '../../../../server/monitors/crawl-launcher.js';
import { until } from '../../../helpers/until.js';
import { startTestApi } from '../../helpers/test-api.js';
import { startReceiver, type Receiver } from '../../../webhooks/helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from '../../../webhooks/helpers/webhook-api.js';

describe('monitor routes', () => {
  let api: WebhookApi;
  let receiver: Receiver;
  const crawled: Array<{ account: string; url: string; maxPages: number }> = [];
  const crawls: CrawlLauncher = {
    async crawl(account, url, maxPages) {
      crawled.push({ account, url, maxPages });
      return { id: `crawl-${crawled.length}`, url, status: 'complete', score: 71 };
    },
  };
  beforeEach(async () => {
    crawled.length = 0;
    receiver = await startReceiver();
    api = await startWebhookApi({ deps: { crawlLauncher: crawls } });
  });
  afterEach(async () => {
    await api.citable.monitors.stop(1_000);
    await api.close({ removeData: true });
    await receiver.close();
  });

  const create = (body: unknown, key?: string) => api.request('POST', '/api/v1/monitors', { body, ...(key ? { key } : {}) });
  const idle = () => api.citable.monitors.whenIdle();

  it('creates a monitor whose first run starts at once: an ordinary audit, its events naming the monitor', async () => {
    await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    const res = await create({ url: 'shop.example', kind: 'audit', every: 'day' });
    expect(res.status).toBe(201);
    const monitor = res.json.monitor;
    expect(monitor).toMatchObject({
      url: 'shop.example',
      kind: 'audit',
      every: 'day',
      max_pages: null,
      last_run_at: null,
      last_result_id: null,
      last_error: null,
    });
    expect(monitor.id).toMatch(/^mon_[A-Za-z0-9]{16}$/);
    expect(Object.keys(monitor).sort()).toEqual([
      'created_at',
      'every',
      'id',
      'kind',
      'last_error',
      'last_result_id',
      'last_run_at',
      'max_pages',
      'next_run_at',
      'paused',
      'paused_at',
      'render',
      'running',
      'url',
    ]);
    expect(res.headers.get('location')).toBe(`/api/v1/monitors/${monitor.id}`);
    await idle();
    const [listed] = (await api.request('GET', '/api/v1/monitors')).json.monitors;
    expect(listed.last_result_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(listed.next_run_at) - Date.parse(listed.created_at)).toBe(86_400_000);
    expect(listed.running).toBe(false);
    const audit = await api.request('GET', `/api/v1/audits/${listed.last_result_id}`);
    expect(audit.status).toBe(200);
    expect(audit.json.audit.url).toBe('shop.example');
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body).data).toMatchObject({ audit: { id: listed.last_result_id }, monitor_id: monitor.id });
  });

  it('run now: 202, one more run, the schedule unchanged', async () => {
    const { monitor } = (await create({ url: 'https://shop.example/', kind: 'audit', every: 'week' })).json;
    await idle();
    const first = (await api.request('GET', '/api/v1/monitors')).json.monitors[0];
    const res = await api.request('POST', `/api/v1/monitors/${monitor.id}/run`);
    expect(res.status).toBe(202);
    expect(res.json.monitor.id).toBe(monitor.id);
    await idle();
    const after = (await api.request('GET', '/api/v1/monitors')).json.monitors[0];
    expect(after.last_result_id).not.toBe(first.last_result_id);
    expect(after.next_run_at).toBe(first.next_run_at);
    expect((await api.request('GET', '/api/v1/audits?url=https://shop.example/')).json.audits).toHaveLength(2);
  });

  it('monitor runs do not count toward the 10 audits per minute; run now has its own limit', async () => {
    const { monitor } = (await create({ url: 'https://shop.example/', kind: 'audit', every: 'hour' })).json;
    await idle();
    for (let i = 0; i < 10; i++) {
      expect((await api.request('POST', `/api/v1/monitors/${monitor.id}/run`)).status).toBe(202);
      await idle();
    }
    const limited = await api.request('POST', `/api/v1/monitors/${monitor.id}/run`);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ error: 'Rate limit exceeded: max 10 monitor runs per minute' });
    expect((await api.request('GET', '/api/v1/audits?url=https://shop.example/&limit=100')).json.audits).toHaveLength(11);
    expect((await api.request('POST', '/api/v1/audits', { body: { url: 'https://other.example/' } })).status).toBe(201);
  });

  it('a crawl monitor starts a crawl through the crawl backend and raises crawl.completed', async () => {
    await api.createWebhook({ url: receiver.url, events: ['crawl.completed'] });
    const res = await create({ url: 'https://shop.example/', kind: 'crawl', every: 'week', max_pages: 250 });
    expect(res.status).toBe(201);
    expect(res.json.monitor.max_pages).toBe(250);
    await idle();
    expect(crawled).toEqual([{ account: api.accountId, url: 'https://shop.example/', maxPages: 250 }]);
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'crawl.completed',
      data: { crawl: { id: 'crawl-1', status: 'complete', score: 71 }, monitor_id: res.json.monitor.id },
    });
    expect((await api.request('GET', '/api/v1/monitors')).json.monitors[0]).toMatchObject({ last_result_id: 'crawl-1', last_error: null });
  });

  it('deletes a monitor: 204, then 404; another account sees none of it', async () => {
    const { monitor } = (await create({ url: 'https://shop.example/', kind: 'audit', every: 'day' })).json;
    await idle();
    const other = await api.newAccount();
    expect((await api.request('GET', '/api/v1/monitors', { key: other.key })).json.monitors).toEqual([]);
    expect((await api.request('DELETE', `/api/v1/monitors/${monitor.id}`, { key: other.key })).status).toBe(404);
    expect((await api.request('POST', `/api/v1/monitors/${monitor.id}/run`, { key: other.key })).status).toBe(404);
    expect((await api.request('DELETE', `/api/v1/monitors/${monitor.id}`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/v1/monitors/${monitor.id}`)).status).toBe(404);
    expect((await api.request('POST', `/api/v1/monitors/${monitor.id}/run`)).json).toEqual({ error: 'Monitor not found' });
    expect((await api.request('GET', '/api/v1/monitors')).json.monitors).toEqual([]);
  });

  it.each([
    [{ kind: 'audit', every: 'day' }, 400, /url is required/],
    [{ url: 'https://shop.example/', every: 'day' }, 400, /kind must be "audit" or "crawl"/],
    [{ url: 'https://shop.example/', kind: 'audit', every: 'minute' }, 400, /every must be "hour", "day" or "week"/],
    [{ url: 'https://shop.example/', kind: 'audit', every: 'day', max_pages: 10 }, 400, /max_pages applies to crawl monitors only/],
    [{ url: 'https://shop.example/', kind: 'crawl', every: 'day', max_pages: 0 }, 400, /max_pages must be an integer from 1 to 10000/],
    [{ url: 'https://shop.example/', kind: 'crawl', every: 'day', max_pages: 10_001 }, 400, /max_pages must be an integer from 1 to 10000/],
    [{ url: 'https://shop.example/', kind: 'crawl', every: 'day', max_pages: 2.5 }, 400, /max_pages must be an integer/],
    [{ url: 'https://shop.example/', kind: 'audit', every: 'day', extra: 1 }, 400, /extra/],
    [{ url: 'ftp://shop.example/', kind: 'audit', every: 'day' }, 400, /only http and https/],
    [{ url: 'http://10.0.0.1/', kind: 'audit', every: 'day' }, 422, /private address/],
    [{ url: 'http://printer.local/', kind: 'audit', every: 'day' }, 422, /special-use name/],
  ])('%j: %i', async (body, status, message) => {
    const strict = await startTestApi(); // the production guard: private addresses refused
    try {
      const res = await strict.request('POST', '/api/v1/monitors', { body });
      expect(res.status).toBe(status);
      expect(res.json.error).toMatch(message);
      expect((await strict.request('GET', '/api/v1/monitors')).json.monitors).toEqual([]);
    } finally {
      await strict.close({ removeData: true });
    }
  });

  it('a crawl monitor without a crawl backend is kept, and each run says crawls are not available', async () => {
    const bare = await startWebhookApi({ deps: { crawlLauncher: null } });
    try {
      const res = await bare.request('POST', '/api/v1/monitors', { body: { url: 'https://shop.example/', kind: 'crawl', every: 'day' } });
      expect(res.status).toBe(201);
      expect(res.json.monitor.max_pages).toBe(100);
      await bare.citable.monitors.whenIdle();
      expect((await bare.request('GET', '/api/v1/monitors')).json.monitors[0]).toMatchObject({
        last_error: NO_CRAWLS_MESSAGE,
        last_result_id: null,
        last_run_at: expect.any(String),
      });
    } finally {
      await bare.close({ removeData: true });
    }
  });

  it('a monitor whose page cannot be fetched records why, and stays scheduled', async () => {
    const { monitor } = (await create({ url: 'https://down.invalid/', kind: 'audit', every: 'hour' })).json;
    await idle();
    const listed = (await api.request('GET', '/api/v1/monitors')).json.monitors.find((m: { id: string }) => m.id === monitor.id);
    expect(listed.last_error).toMatch(/the page could not be audited/);
    expect(listed.last_result_id).toBeNull();
    await until('the log line "monitor run produced nothing"', async () =>
      api.logger.lines.some((l) => l.msg === 'monitor run produced nothing') ? true : undefined,
    );
  });
});
