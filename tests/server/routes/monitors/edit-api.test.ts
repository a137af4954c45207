/** PATCH /monitors/{id} `{every?, max_pages?}`: a monitor's schedule and a crawl monitor's pages, and what is refused. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookApi, type WebhookApi } from '../../../webhooks/helpers/webhook-api.js';

describe('editing a monitor', () => {
  let api: WebhookApi;
  let id: string;
  beforeEach(async () => {
    api = await startWebhookApi();
    const res = await api.request('POST', '/api/v1/monitors', { body: { url: 'https://shop.example/', kind: 'audit', every: 'week' } });
    id = res.json.monitor.id;
    await api.citable.monitors.whenIdle(); // the first run
  });
  afterEach(async () => {
    await api.citable.monitors.stop(1_000);
    await api.close({ removeData: true });
  });

  const patch = (body: unknown, key?: string) => api.request('PATCH', `/api/v1/monitors/${id}`, { body, ...(key ? { key } : {}) });

  it('a shorter period moves the next run to at most one new period from now; the rest stays', async () => {
    const before = (await api.request('GET', '/api/v1/monitors')).json.monitors[0];
    const res = await patch({ every: 'hour' });
    expect(res.status).toBe(200);
    expect(res.json.monitor).toMatchObject({
      id,
      every: 'hour',
      url: before.url,
      kind: 'audit',
      paused: false,
      last_result_id: before.last_result_id,
    });
    expect(Date.parse(res.json.monitor.next_run_at)).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(Date.parse(res.json.monitor.next_run_at)).toBeLessThan(Date.parse(before.next_run_at));
    expect((await api.request('GET', '/api/v1/monitors')).json.monitors[0]).toMatchObject({ every: 'hour' });
  });

  it.each([
    [{ every: 'month' }, /every must be "hour", "day" or "week"/],
    [{ max_pages: 20 }, /max_pages applies to crawl monitors only/],
    [{ every: 'day', paused: false }, /paused cannot be sent with every/],
    [{ url: 'https://other.example/' }, /Unknown member "url"/],
  ])('%j: 400, nothing changes', async (body, message) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(message);
    expect((await api.request('GET', '/api/v1/monitors')).json.monitors[0]).toMatchObject({ every: 'week', paused: false });
  });

  it('a crawl monitor takes max_pages; another account gets 404', async () => {
    const crawl = await api.request('POST', '/api/v1/monitors', { body: { url: 'https://shop.example/', kind: 'crawl', every: 'week' } });
    const res = await api.request('PATCH', `/api/v1/monitors/${crawl.json.monitor.id}`, { body: { max_pages: 250 } });
    expect(res.status).toBe(200);
    expect(res.json.monitor).toMatchObject({ max_pages: 250, every: 'week' });
    expect((await patch({ every: 'day' }, (await api.newAccount()).key)).status).toBe(404);
  });
});
