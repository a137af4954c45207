/**
 * PATCH /monitors/{id} in-process: pause (run now is then 409 and nothing runs), resume (run now works
 * again), the monitor's paused and paused_at members, bad bodies (400 before anything changes), unknown
 * and other accounts' monitors (404), read-only keys (403).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../../server/auth/api-key.js';
import { startWebhookApi, type WebhookApi } from '../../../webhooks/helpers/webhook-api.js';

describe('pausing and resuming a monitor', () => {
  let api: WebhookApi;
  let id: string;
  beforeEach(async () => {
    api = await startWebhookApi();
    const res = await api.request('POST', '/api/v1/monitors', { body: { url: 'https://shop.example/', kind: 'audit', every: 'week' } });
    id = res.json.monitor.id;
    expect(res.json.monitor).toMatchObject({ paused: false, paused_at: null });
    await api.citable.monitors.whenIdle(); // the first run
  });
  afterEach(async () => {
    await api.citable.monitors.stop(1_000);
    await api.close({ removeData: true });
  });

  const patch = (body: unknown, options: { key?: string; path?: string } = {}) =>
    api.request('PATCH', options.path ?? `/api/v1/monitors/${id}`, { body, ...(options.key ? { key: options.key } : {}) });
  const audits = async () => (await api.request('GET', '/api/v1/audits?url=https://shop.example/&limit=100')).json.audits.length;
  const listed = async () => (await api.request('GET', '/api/v1/monitors')).json.monitors[0];

  it('pause: 200 with paused and paused_at; the list shows it; run now is 409 and runs nothing', async () => {
    const before = await listed();
    const res = await patch({ paused: true });
    expect(res.status).toBe(200);
    expect(res.json.monitor).toMatchObject({ id, paused: true, next_run_at: before.next_run_at, last_result_id: before.last_result_id });
    expect(Date.parse(res.json.monitor.paused_at)).not.toBeNaN();
    expect(Object.keys(res.json.monitor).sort()).toEqual([
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
    expect(await listed()).toEqual(res.json.monitor);
    const run = await api.request('POST', `/api/v1/monitors/${id}/run`);
    expect(run.status).toBe(409);
    expect(run.json).toEqual({ error: `Monitor ${id} is paused: resume it first (PATCH /api/v1/monitors/${id} with {"paused": false})` });
    await api.citable.monitors.pass();
    await api.citable.monitors.whenIdle();
    expect(await audits()).toBe(1);
    // Pausing again keeps the time it was paused.
    expect((await patch({ paused: true })).json.monitor.paused_at).toBe(res.json.monitor.paused_at);
  });

  it('resume: 200 with paused false and paused_at null; run now works again', async () => {
    await patch({ paused: true });
    const res = await patch({ paused: false });
    expect(res.status).toBe(200);
    expect(res.json.monitor).toMatchObject({ id, paused: false, paused_at: null });
    expect((await api.request('POST', `/api/v1/monitors/${id}/run`)).status).toBe(202);
    await api.citable.monitors.whenIdle();
    expect(await audits()).toBe(2);
    expect((await patch({ paused: false })).json.monitor).toMatchObject({ paused: false, paused_at: null }); // not paused: nothing changes
  });

  it.each([
    [{}, 'Invalid monitor change: paused is required'],
    [{ paused: 'yes' }, 'Invalid monitor change: paused must be a boolean (got a string)'],
    [{ paused: null }, 'Invalid monitor change: paused must be a boolean (got null)'],
    [{ paused: true, every: 'day' }, /every/],
  ])('%j: 400, nothing changes', async (body, message) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['error']);
    expect(res.json.error).toMatch(message);
    expect(await listed()).toMatchObject({ paused: false, every: 'week' });
  });

  it("an unknown monitor, a malformed id or another account's monitor is 404; a read-only key is 403", async () => {
    expect((await patch({ paused: true }, { path: '/api/v1/monitors/mon_0000000000000000' })).json).toEqual({ error: 'Monitor not found' });
    expect((await patch({ paused: true }, { path: '/api/v1/monitors/nope' })).status).toBe(404);
    const other = await api.newAccount();
    expect((await patch({ paused: true }, { key: other.key })).status).toBe(404);
    const key = generateApiKey();
    await api.store.createKey({ account_id: api.accountId, name: 'dashboard', prefix: key.prefix, hash: key.hash, scope: 'read' });
    const readOnly = await patch({ paused: true }, { key: key.key });
    expect(readOnly.status).toBe(403);
    expect(readOnly.json.error).toMatch(/read-only/);
    expect(await listed()).toMatchObject({ paused: false, paused_at: null });
  });
});
