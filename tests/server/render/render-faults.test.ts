/**
 * Hostile and broken pages in the headless browser: each gives a clear outcome (a DOM, or AuditRenderError with
 * its code) within the render timeout, and the renderer keeps rendering the next page. Loopback only: the guard
 * allows private addresses here (the guard itself is render-guard.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditRenderError, RENDER_UNAVAILABLE_MESSAGE } from '../../../shared/audit/errors.js';
import { createAddressGuard } from '../../../server/net/address-guard.js';
import { createPageRenderer, type PageRendererHost } from '../../../server/render/page-renderer.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';

const TIMEOUT_MS = 6_000;
const html = (body: string, head = '') => `<!doctype html><html><head><title>Fault</title>${head}</head><body>${body}</body></html>`;

let site: FixtureSite;
let renderer: PageRendererHost;

beforeAll(async () => {
  site = await startFixtureSite((origin) => ({
    '/ok': { body: html('<h1>Fine</h1><script>document.body.append("rendered text")</script>') },
    '/hang': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><html><head><title>Slow</title></head><body><p>First part</p>'); // and never ends
    },
    '/never-image': { body: html(`<p>Text</p><img src="${origin}/hang-image">`) },
    '/hang-image': () => undefined,
    '/many': {
      body: html(`<p>Many</p><script>for (let i = 0; i < 1000; i++) fetch('/sub?' + i).catch(() => {});</script>`),
    },
    '/sub': { body: 'x' },
    '/alert': { body: html('<p>Alerts</p><script>alert("hi"); confirm("sure?"); prompt("name?"); document.body.append("after")</script>') },
    '/loop': { status: 302, headers: { location: '/loop' } },
    '/busy': { body: html('<p>Busy</p><script>while (true) {}</script>') },
    '/permissions': {
      body: html(`<p>Asks</p><script>
const a = document.createElement('a'); a.href = '/file.bin'; a.download = 'file.bin'; document.body.append(a); a.click();
const n = typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
document.body.append("notifications " + n);
if (n !== 'unsupported') Notification.requestPermission().then((p) => document.body.append(" asked: " + p));
navigator.geolocation.getCurrentPosition(() => document.body.append(" geo:" + "yes"), () => document.body.append(" geolocation refused"));
</script>`),
    },
    '/file.bin': { headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' }, body: 'binary' },
    '/oom': {
      body: html('<p>Grows</p><script>const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));</script>'),
    },
  }));
  const guard = createAddressGuard({ allowPrivate: true });
  renderer = createPageRenderer({ chromiumPath: '/usr/bin/chromium', concurrency: 2, timeoutMs: TIMEOUT_MS, guard });
});

afterAll(async () => {
  await renderer?.close();
  await site?.close();
});

async function outcome(path: string): Promise<{ html: string } | { code: string; message: string }> {
  try {
    return await renderer.render(`${site.url}${path}`);
  } catch (error) {
    if (error instanceof AuditRenderError) return { code: error.code, message: error.message };
    throw error;
  }
}

/** The browser process this renderer launched: its command line carries the renderer's marker, and no --type. */
function browserPid(marker: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.includes(marker) && !args.some((a) => a.startsWith('--type='))) return Number(entry);
  }
  throw new Error(`no browser process with ${marker}`);
}

async function stillRenders() {
  const page = await renderer.render(`${site.url}/ok`);
  expect(page.html).toContain('rendered text');
}

describe('faults while rendering', () => {
  it('a page that never finishes loading: the DOM read so far, within the timeout', async () => {
    const result = await outcome('/hang');
    if ('code' in result) expect(result.code).toBe('timeout');
    else expect(result.html).toContain('First part');
    const image = await outcome('/never-image');
    expect('html' in image && image.html).toContain('Text');
    await stillRenders();
  });

  it('1,000 sub-requests: capped, the page still rendered', async () => {
    const result = await outcome('/many');
    expect('html' in result && result.html).toContain('Many');
    const subs = site.requests.filter((r) => r.path === '/sub').length;
    expect(subs).toBeLessThan(1000);
    await stillRenders();
  });

  it('alerts, confirms and prompts are dismissed and the script goes on', async () => {
    const result = await outcome('/alert');
    expect('html' in result && result.html).toContain('after');
  });

  it('a redirect loop fails the render clearly', async () => {
    const result = await outcome('/loop');
    expect(result).toMatchObject({ code: expect.stringMatching(/^(navigation|failed|timeout)$/) });
    await stillRenders();
  });

  it('an endless script: a timeout, and the next page renders', async () => {
    const result = await outcome('/busy');
    expect(result).toMatchObject({ code: 'timeout' });
    await stillRenders();
  });

  it('notifications, geolocation and downloads are refused without a prompt', async () => {
    const result = await outcome('/permissions');
    expect(result, JSON.stringify(result).slice(0, 300)).not.toHaveProperty('code');
    const rendered = 'html' in result ? result.html : '';
    expect(rendered).toMatch(/notifications (denied|default|unsupported)/);
    expect(rendered).not.toContain('granted');
    expect(rendered).not.toContain('geo:yes');
    // The download is cancelled (never saved): the page stays the page that was asked for.
    expect('url' in result && result.url).toBe(`${site.url}/permissions`);
  });

  it('a page that runs out of memory crashes its renderer only', async () => {
    const result = await outcome('/oom');
    expect(result).toMatchObject({ code: expect.stringMatching(/^(crashed|timeout)$/) });
    await stillRenders();
  });

  it('the browser killed mid-render: that render fails, the next starts a new browser', async () => {
    await stillRenders();
    const pending = outcome('/hang');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const browser = renderer.browser;
    expect(browser).not.toBeNull();
    process.kill(browserPid(browser!.marker), 'SIGKILL');
    expect(await pending).toMatchObject({ code: expect.stringMatching(/^(crashed|failed)$/) });
    await stillRenders();
  });

  it('without Chromium: the 503 message, nothing launched', async () => {
    const missing = createPageRenderer({
      chromiumPath: '/nonexistent/chromium',
      concurrency: 1,
      timeoutMs: TIMEOUT_MS,
      guard: createAddressGuard({ allowPrivate: true }),
    });
    expect(missing.unavailable()).toBe(RENDER_UNAVAILABLE_MESSAGE);
    await expect(missing.render(`${site.url}/ok`)).rejects.toMatchObject({ code: 'unavailable', message: RENDER_UNAVAILABLE_MESSAGE });
    expect(RENDER_UNAVAILABLE_MESSAGE).toBe('Rendering needs Chromium: set CHROMIUM_PATH');
    await missing.close();
  });
});
