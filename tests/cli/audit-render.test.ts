/**
 * `citable audit --render`: the page loaded in headless Chromium, `rendering` in the JSON, and the report's
 * "What crawlers that do not run JavaScript miss" section; without Chromium exit 2 with the API's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../shared/index.js';
import { main } from '../../server/cli/main.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { memoryIo } from './cli-io.js';

const ENV = { AUDIT_ALLOW_PRIVATE: '1', AUDIT_DEADLINE_MS: '15000', RENDER_TIMEOUT_MS: '10000' };
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shell</title></head><body>
<p>${'Fresh beans roasted every week in small batches. '.repeat(12)}</p><div id="app"></div><script>
document.getElementById('app').innerHTML = '<h2>Menu</h2><p>' + ${JSON.stringify('Espresso, filter and cold brew from single-origin beans. '.repeat(30))} + '</p>';
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({ '/': { body: PAGE } });
});
afterAll(() => site.close());

async function audit(args: string[], env: Record<string, string> = ENV) {
  const io = memoryIo(env);
  const code = await main(['audit', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('citable audit --render', () => {
  it('puts rendering in the JSON', async () => {
    const { code, out, err } = await audit([`${site.url}/`, '--render', '--json']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const a = JSON.parse(out) as Audit;
    expect(a.rendering?.engine).toMatch(/\d+\./);
    expect(a.rendering!.rendered.words).toBeGreaterThan(a.rendering!.raw.words + 200);
  });

  it('prints what crawlers without JavaScript miss', async () => {
    const { out } = await audit([`${site.url}/`, '--render']);
    expect(out).toContain('What crawlers that do not run JavaScript miss');
    expect(out).toMatch(/Words\s+\d+\s+\d+\s+\d+/);
    expect(out).toMatch(/Rendered by \S+ [\d.]+ in [\d,]+ ms/);
  });

  it('has no rendering section and null rendering without --render', async () => {
    const { out } = await audit([`${site.url}/`, '--json']);
    expect((JSON.parse(out) as Audit).rendering).toBeNull();
    expect((await audit([`${site.url}/`])).out).not.toContain('What crawlers that do not run JavaScript miss');
  });

  it('exits 2 with the message when Chromium is missing', async () => {
    const { code, err, out } = await audit([`${site.url}/`, '--render'], { ...ENV, CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(code).toBe(2);
    expect(err).toContain('Rendering needs Chromium: set CHROMIUM_PATH');
    expect(out).toBe('');
  });

  it('exits 2 on a RENDER_TIMEOUT_MS that does not parse', async () => {
    const { code, err } = await audit([`${site.url}/`, '--render'], { ...ENV, RENDER_TIMEOUT_MS: 'soon' });
    expect(code).toBe(2);
    expect(err).toContain('RENDER_TIMEOUT_MS');
  });
});
