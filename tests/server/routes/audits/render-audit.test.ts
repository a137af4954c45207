/**
 * POST /audits {render: true} and POST /crawls {render} through the API: the page is rendered in headless
 * Chromium, `audit.rendering` compares it with the server HTML, the rendered-page rules run; without a browser
 * the request is 503 with the public message and everything else keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEnvelopeSchema } from '../../../../shared/schema/api.js';
import type { Audit } from '../../../../shared/types/audit.js';
import { createEngineRunner } from '../../../../server/audits/audit-runner.js';
import { createAddressGuard } from '../../../../server/net/address-guard.js';
import { createPageRenderer, type PageRendererHost } from '../../../../server/render/page-renderer.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { loopbackFetcher } from '../../../helpers/loopback-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../../helpers/fixture-server.js';

const UNAVAILABLE = { error: 'Rendering needs Chromium: set CHROMIUM_PATH' };
const PRODUCT = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Pour-over kettle' });

/** A client-rendered shop page: the server HTML holds a banner; the text, links and JSON-LD arrive with JavaScript. */
const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading</title></head>
<body><header><p>${'Free shipping on every order over forty euros across Europe. '.repeat(10)}</p></header><div id="app"></div><script>
document.title = 'Pour-over kettle';
const words = ${JSON.stringify('A gooseneck kettle for slow, even pours with a thermometer in the lid. '.repeat(25))};
document.getElementById('app').innerHTML = '<main><h1>Pour-over kettle</h1><p>' + words + '</p><a href="/a">A</a><a href="/b">B</a></main>';
const ld = document.createElement('script'); ld.type = 'application/ld+json'; ld.textContent = ${JSON.stringify(PRODUCT)};
document.head.append(ld);
</script></body></html>`;

let site: FixtureSite;
let renderer: PageRendererHost;
let api: TestApi;
let bare: TestApi;

beforeAll(async () => {
  site = await startFixtureSite({
    '/shop': { body: SHELL },
    '/slow': {
      body: `<!doctype html><title>Slow</title><p>Slow page</p><script>const t = Date.now(); while (Date.now() - t < 1500) {}</script>`,
    },
  });
  renderer = createPageRenderer({
    chromiumPath: '/usr/bin/chromium',
    concurrency: 2,
    timeoutMs: 10_000,
    guard: createAddressGuard({ allowPrivate: true }),
  });
  const fetcher = loopbackFetcher();
  api = await startTestApi({
    fetcher,
    renderer,
    runner: createEngineRunner({ fetcher, renderer, deadlineMs: 15_000, concurrency: 2, queueLimit: 20 }),
  });
  bare = await startTestApi({ fetcher, runner: createEngineRunner({ fetcher, deadlineMs: 15_000, concurrency: 2, queueLimit: 20 }) });
});

afterAll(async () => {
  await api?.close({ removeData: true });
  await bare?.close({ removeData: true });
  await renderer?.close();
  await site?.close();
});

async function audit(target: TestApi, body: Record<string, unknown>): Promise<Audit> {
  const { key } = await target.newAccount('agency');
  const res = await target.request('POST', '/api/v1/audits', { key, body });
  expect(res.status, res.text).toBe(201);
  return auditEnvelopeSchema.parse(res.json).audit;
}

describe('POST /api/v1/audits with render', () => {
  it('fills audit.rendering and runs the rendered-page rules', async () => {
    const a = await audit(api, { url: `${site.url}/shop`, render: true });
    const r = a.rendering!;
    expect(r.engine).toMatch(/^(Chromium|Chrome|HeadlessChrome) \d+\./);
    expect(r.ms).toBeGreaterThan(0);
    expect(r.raw).toEqual({ words: expect.any(Number), links: 0, json_ld: 0, title: 'Loading' });
    expect(r.rendered.title).toBe('Pour-over kettle');
    expect(r.rendered.words).toBeGreaterThan(r.raw.words + 200);
    expect(r.rendered.links).toBe(2);
    expect(r.rendered.json_ld).toBe(1);
    const rules = a.issues.map((i) => i.rule);
    expect(rules).toContain('rendering.json-ld-only-after-js');
    expect(rules).toContain('rendering.js-only-content');
  });

  it('leaves rendering null without render, and the rendered-page rules out', async () => {
    const a = await audit(api, { url: `${site.url}/shop` });
    expect(a.rendering).toBeNull();
    expect(a.issues.map((i) => i.rule)).not.toContain('rendering.json-ld-only-after-js');
  });

  it('refuses a render that is not a boolean (400)', async () => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url: `${site.url}/shop`, render: 'yes' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'render must be true or false' });
  });

  it('answers /healthz while a render runs', async () => {
    const { key } = await api.newAccount('agency');
    const pending = api.request('POST', '/api/v1/audits', { key, body: { url: `${site.url}/slow`, render: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await api.request('GET', '/healthz', { key: null });
    expect(health.status).toBe(200);
    expect((await pending).status).toBe(201);
  });
});

describe('a server without Chromium', () => {
  it('POST /audits with render: 503 with the public message', async () => {
    const res = await bare.request('POST', '/api/v1/audits', { body: { url: `${site.url}/shop`, render: true } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual(UNAVAILABLE);
  });

  it('POST /crawls with render sample or all: 503; none and no render still work', async () => {
    for (const render of ['sample', 'all']) {
      const res = await bare.request('POST', '/api/v1/crawls', { body: { url: `${site.url}/shop`, render } });
      expect(res.status).toBe(503);
      expect(res.json).toEqual(UNAVAILABLE);
    }
    const none = await bare.request('POST', '/api/v1/crawls', { body: { url: `${site.url}/shop`, max_pages: 1, render: 'none' } });
    expect(none.status, none.text).toBe(202);
    const plain = await audit(bare, { url: `${site.url}/shop` });
    expect(plain.rendering).toBeNull();
  });

  it('POST /crawls refuses an unknown render (400)', async () => {
    const res = await bare.request('POST', '/api/v1/crawls', { body: { url: `${site.url}/shop`, render: true } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'render must be "sample", "all" or "none"' });
  });
});
