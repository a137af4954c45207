/**
 * GET /metrics (docs/operations.md#metrics): the Prometheus text format; requests counted by route
 * template (never the raw path: ids do not become labels) and status, unknown routes under `unmatched`;
 * audits by outcome; store operations timed through the one wrapper; and who may read it: loopback only
 * (403 through a proxy or from elsewhere) unless METRICS_TOKEN is set, then the bearer token (401 without).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timedStore } from '../../../../server/app/timed-store.js';
import { LowdbStore } from '../../../../server/store/lowdb/store.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { sampleValue } from '../../helpers/exposition.js';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics from this machine (METRICS_TOKEN unset)', () => {
  let api: TestApi;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-metrics-'));
    api = await startTestApi({ dataDir, store: timedStore(await LowdbStore.open(dataDir), 'lowdb') as LowdbStore });
  });
  afterAll(() => api.close({ removeData: true }));

  const scrape = async () => {
    const res = await api.request('GET', '/metrics', { key: null });
    expect(res.status).toBe(200);
    return res.text;
  };

  it('answers the Prometheus text format, without a key', async () => {
    const res = await api.request('GET', '/metrics', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toMatch(/^# HELP citable_http_requests_total /m);
    expect(res.text).toMatch(/^# TYPE citable_http_request_duration_seconds histogram$/m);
    for (const name of ['citable_audits_total', 'citable_renders_total', 'citable_crawl_pages_total', 'citable_webhook_deliveries_total'])
      expect(res.text).toMatch(new RegExp(`^${name}\\{outcome="[a-z_]+"\\} 0$`, 'm'));
    expect(res.text).toMatch(/^citable_log_lines_ingested_total\{outcome="parsed"\} 0$/m);
  });

  it('counts requests by route template and status, never by raw path', async () => {
    const id = '3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8';
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/v1/audits/:id', status: '404' };
    for (let i = 0; i < 3; i++) expect((await api.request('GET', `/api/v1/audits/${id}`)).status).toBe(404);
    expect((await api.request('GET', '/no/such/path/42')).status).toBe(404);
    const after = await scrape();
    expect(sampleValue(after, 'citable_http_requests_total', labels) - sampleValue(before, 'citable_http_requests_total', labels)).toBe(3);
    expect(sampleValue(after, 'citable_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(3);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(
      sampleValue(after, 'citable_http_requests_total', unmatched) - sampleValue(before, 'citable_http_requests_total', unmatched),
    ).toBe(1);
    expect(after).not.toContain(id);
    expect(after).not.toContain('/no/such/path');
  });

  it('counts audits by outcome, and times store operations by resource and method', async () => {
    const before = await scrape();
    expect((await api.request('POST', '/api/v1/audits', { body: { url: 'https://shop.example/' } })).status).toBe(201);
    const after = await scrape();
    const ok = { outcome: 'ok' };
    expect(sampleValue(after, 'citable_audits_total', ok) - sampleValue(before, 'citable_audits_total', ok)).toBe(1);
    expect(sampleValue(after, 'citable_audit_duration_seconds_count', ok)).toBeGreaterThanOrEqual(1);
    const put = { store: 'lowdb', operation: 'audits.putAudit' };
    expect(
      sampleValue(after, 'citable_store_operation_duration_seconds_count', put) -
        sampleValue(before, 'citable_store_operation_duration_seconds_count', put),
    ).toBe(1);
    expect(
      sampleValue(after, 'citable_store_operation_duration_seconds_count', { store: 'lowdb', operation: 'accounts.findKeyByHash' }),
    ).toBeGreaterThan(0);
  });

  it('refuses 403 a request that came through a proxy, even on loopback', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await api.request('GET', '/metrics', { key: null, headers: { [header]: '203.0.113.9' } });
      expect(res.status, header).toBe(403);
      expect(res.json.error).toMatch(/this machine only; set METRICS_TOKEN/);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => api.close({ removeData: true }));

  it('answers 200 with the bearer token, from anywhere (a proxy too)', async () => {
    const res = await api.request('GET', '/metrics', { key: TOKEN, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('citable_http_requests_total');
  });

  it('answers 401 with WWW-Authenticate without the token or with another one, loopback included', async () => {
    for (const key of [null, `${TOKEN}x`, 'short', TOKEN.slice(0, -1)]) {
      const res = await api.request('GET', '/metrics', { key });
      expect(res.status, String(key)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable-metrics"');
      expect(res.json).toEqual({ error: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>' });
    }
    expect((await api.request('GET', '/metrics', { key: null, headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
  });
});
