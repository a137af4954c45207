/**
 * Every request the headless browser makes goes through the fetcher's address guard. The page's server is a
 * loopback port the guard treats as public; a second loopback server stands for a private address the guard
 * refuses. The page reaches for it every way a page can: sub-resources, fetch, a WebSocket, a redirect, an
 * iframe, a prefetch, a service worker, a popup, and a made-up name the fake DNS resolves to it. The private
 * server must see no connection at all, while the page's own sub-resources do arrive (the control).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard } from '../../../server/net/address-guard.js';
import { createPageRenderer, type PageRendererHost } from '../../../server/render/page-renderer.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { fakeDns } from '../../helpers/fake-dns.js';

let page: FixtureSite;
let secret: FixtureSite;
let renderer: PageRendererHost;

function reachingPage(origin: string, secretOrigin: string): string {
  const secretByName = secretOrigin.replace('127.0.0.1', 'internal.example');
  const ws = secretOrigin.replace('http:', 'ws:');
  return `<!doctype html><html><head><title>Guarded</title>
<link rel="stylesheet" href="${origin}/style.css">
<link rel="prefetch" href="${secretOrigin}/prefetch">
<link rel="preconnect" href="${secretOrigin}">
<link rel="stylesheet" href="${secretByName}/by-name.css">
<script src="${secretOrigin}/script.js"></script>
</head><body><h1>Guarded page</h1>
<img src="${secretOrigin}/pixel.png"><iframe src="${secretOrigin}/frame"></iframe><iframe src="${origin}/hop"></iframe>
<script>
fetch('${secretOrigin}/fetch').catch(() => {});
fetch('${secretByName}/fetch-by-name').catch(() => {});
try { new WebSocket('${ws}/socket'); } catch {}
navigator.sendBeacon && navigator.sendBeacon('${secretOrigin}/beacon', 'x');
navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(() => {});
window.open('${secretOrigin}/popup');
document.body.insertAdjacentHTML('beforeend', '<p id="done">Scripts ran</p>');
</script></body></html>`;
}

beforeAll(async () => {
  secret = await startFixtureSite({ '/': { body: 'secret' } });
  page = await startFixtureSite((origin) => ({
    '/': { body: reachingPage(origin, secret.url) },
    '/style.css': { headers: { 'content-type': 'text/css' }, body: 'h1{color:red}' },
    '/hop': { status: 302, headers: { location: `${secret.url}/redirected` } },
    '/sw.js': { headers: { 'content-type': 'text/javascript' }, body: `fetch('${secret.url}/from-worker')` },
  }));
  const guard = createAddressGuard({
    allowPrivate: false,
    lookup: fakeDns({ 'internal.example': ['127.0.0.1'] }),
    unsafeTreatAsPublic: [`127.0.0.1:${page.port}`],
  });
  renderer = createPageRenderer({ chromiumPath: '/usr/bin/chromium', concurrency: 1, timeoutMs: 15_000, guard });
});

afterAll(async () => {
  await renderer?.close();
  await page?.close();
  await secret?.close();
});

describe('the renderer behind the address guard', () => {
  it('renders the page and its own sub-resources, and never connects to a refused address', async () => {
    const rendered = await renderer.render(`${page.url}/`);
    expect(rendered.html).toContain('Scripts ran');
    expect(page.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/style.css', '/hop']));
    // Let late requests (prefetch, beacon, worker) have their chance after the DOM was read.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(secret.requests).toEqual([]);
    expect(secret.connections).toBe(0);
  });
});
