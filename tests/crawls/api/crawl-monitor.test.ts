/**
 * Crawl monitors (docs/api-decisions.md#monitors-and-webhooks) on the real crawl backend: a due run starts a crawl as POST /crawls
 * would, waits for its end, records its id, and raises crawl.completed with the crawl's score.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startReceiver, type Receiver } from '../../webhooks/helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from '../../webhooks/helpers/webhook-api.js';
import { FAST_CRAWLS } from '../helpers/crawl-api.js';
import type { ServedSite } from '../helpers/crawl-site.js';
import { startSlowSite } from '../helpers/small-sites.js';

let api: WebhookApi;
let receiver: Receiver;
let site: ServedSite;
beforeAll(async () => {
  site = await startSlowSite(5, 0);
  receiver = await startReceiver();
  api = await startWebhookApi({
    deps: { fetcher: createNodeFetcher({ allowPrivate: true }), config: { auditAllowPrivate: true, crawlOverrides: FAST_CRAWLS } },
  });
});
afterAll(async () => {
  await api?.citable.monitors.stop(1_000);
  await api?.close({ removeData: true });
  await receiver?.close();
  await site?.close();
});

it('a crawl monitor runs a real crawl and raises crawl.completed with its id and score', async () => {
  await api.createWebhook({ url: receiver.url, events: ['crawl.completed'] });
  const res = await api.request('POST', '/api/v1/monitors', { body: { url: site.url, kind: 'crawl', every: 'week', max_pages: 3 } });
  expect(res.status).toBe(201);
  await api.citable.monitors.whenIdle();
  const monitor = (await api.request('GET', '/api/v1/monitors')).json.monitors[0];
  expect(monitor).toMatchObject({ last_error: null, last_result_id: expect.any(String) });
  const crawl = (await api.request('GET', `/api/v1/crawls/${monitor.last_result_id}`)).json.crawl;
  expect(crawl).toMatchObject({ url: site.url, status: 'complete', max_pages: 3, progress: { audited: 3 } });
  const [request] = await receiver.waitFor(1);
  expect(JSON.parse(request!.body)).toMatchObject({
    type: 'crawl.completed',
    data: { crawl: { id: crawl.id, url: site.url, status: 'complete', score: crawl.score }, monitor_id: res.json.monitor.id },
  });
});
