import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import { until } from '../helpers/until.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { axeViolations } from './helpers/axe.js';
import { call } from './helpers/backend.js';
import { CHROMIUM } from './helpers/extension.js';

const PHONE = { width: 375, height: 812 };
const CONTACT = 'reports@north-agency.example';

/** The page's widest element beyond the viewport, to name in a failure ("table.worst 461px"). */
async function sideways(page: Page): Promise<{ scrollWidth: number; widest: string }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    let widest = '';
    let max = vw;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > max + 0.5) {
        max = r.right;
        widest = `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').replace(/\s+/g, '.')} ${Math.round(r.width)}px`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
}

/**
 * The share page as the agency's client meets it, on a phone: the report of an audit and of a crawl at
 * 375 CSS pixels without scrolling sideways, the PDF offered, the agency's contact, no "with Citable"
 * when the agency turns the credit off; a dead link is an HTML page (404) that says so. axe on each.
 */
describe.skipIf(!serverAvailable)('the share page', () => {
  let api: ApiServer;
  let site: TemplatedSite;
  let browser: Browser;
  let shares: { audit: string; crawl: string };

  const share = async (path: string) => (await call<{ share: { url: string } }>(api, 'POST', path, {})).json.share.url;
  const phone = async (url: string, scheme: 'light' | 'dark' = 'light') => {
    const page = await browser.newPage({ viewport: PHONE, colorScheme: scheme });
    const res = await page.goto(url);
    return { page, status: res?.status() ?? 0 };
  };

  beforeAll(async () => {
    [site, api] = await Promise.all([startTemplatedSite({ blog: 4, blogFr: 1, products: 3, docs: 3 }), startApiServer()]);
    const audit = await call<{ audit: { id: string } }>(api, 'POST', '/audits', { url: `${site.site.url}/blog/post-1` });
    const crawl = await call<{ crawl: { id: string } }>(api, 'POST', '/crawls', { url: `${site.site.url}/`, max_pages: 20 });
    await until(
      'the crawl to finish',
      async () =>
        (await call<{ crawl: { status: string } }>(api, 'GET', `/crawls/${crawl.json.crawl.id}`)).json.crawl.status === 'complete',
      { timeoutMs: 90_000, everyMs: 200 },
    );
    const branding = { name: 'North Agency', accent: '#0b7285', contact: CONTACT, white_label: true };
    expect((await call(api, 'PUT', '/branding', branding)).status).toBe(200);
    shares = { audit: await share(`/audits/${audit.json.audit.id}/share`), crawl: await share(`/crawls/${crawl.json.crawl.id}/share`) };
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([api?.dispose(), site?.site.close()]);
  });

  for (const kind of ['audit', 'crawl'] as const) {
    it(`the ${kind} report fits a 375 px phone, offers its PDF and the agency's contact, without the credit`, async () => {
      const { page, status } = await phone(shares[kind]);
      expect(status).toBe(200);
      expect(await sideways(page)).toEqual({ scrollWidth: PHONE.width, widest: '' });
      await screenshot(page, `share-${kind}-phone`);
      const contact = page.locator('[data-testid="agency-contact"] a');
      expect(await contact.getAttribute('href')).toBe(`mailto:${CONTACT}`);
      expect(await page.textContent('footer.report-footer')).not.toContain('Citable');
      expect(await page.textContent('footer.report-footer')).toContain('Prepared by North Agency');
      const pdf = page.locator('a[data-action="download-pdf"]');
      const href = await pdf.getAttribute('href');
      expect(href).toBe('?format=pdf');
      const res = await fetch(new URL(href!, shares[kind]));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  }

  it('a dead link (unknown, or revoked) is an HTML page that says so, answered 404', async () => {
    const revoked = await share(
      '/audits/' + (await call<{ audits: Array<{ id: string }> }>(api, 'GET', '/audits')).json.audits[0]!.id + '/share',
    );
    const list = await call<{ shares: Array<{ id: string; created_at: string }> }>(api, 'GET', '/shares');
    const newest = [...list.json.shares].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    expect((await call(api, 'DELETE', `/shares/${newest.id}`)).status).toBe(204);
    for (const url of [revoked, `${api.url}/r/${'x'.repeat(32)}`]) {
      const { page, status } = await phone(url);
      expect(status).toBe(404);
      expect(await page.evaluate(() => document.contentType)).toBe('text/html');
      expect(await page.textContent('h1')).toMatch(/no longer works/i);
      expect(await sideways(page)).toEqual({ scrollWidth: PHONE.width, widest: '' });
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'share-dead-phone');
      await page.close();
    }
  });
});
