import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import type { Audit } from '../../shared/types/audit.js';
import { serveSite } from './fixtures/serve.js';
import { foreignSitemapSite, robotsRedirectSite } from './fixtures/cross-origin-files.js';
import { runtimeOnlyWebmcpSite } from './fixtures/runtime-webmcp-site.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { FIREFOX, firefoxAvailable, firefoxScreenshot, launchFirefox, type FirefoxSession } from './helpers/firefox.js';

/** Code passed to evaluate runs in an extension page of Firefox, where the API is the `browser` global. */
declare const browser: typeof chrome;

/**
 * The Firefox store build in Firefox ESR (WebDriver BiDi). What automation cannot do here: press the
 * toolbar button (Firefox has no equivalent of Chromium's Extensions.triggerAction, so activeTab is
 * never granted; the pages are opened as tabs and read through the host permission the options page
 * obtains), and show or answer a real permission doorhanger (a test preference answers "allow"; the
 * request must still come from a user action, which Firefox requires).
 */
// Skipped loudly on a machine without Firefox; CI installs it (.ci/run), so there a missing one is a failure.
if (!firefoxAvailable) {
  if (process.env.CI) throw new Error(`Firefox ESR is required for the extension tests in CI: ${FIREFOX} not found`);
  console.warn(`[e2e] SKIPPED: the Firefox tests need Firefox ESR at ${FIREFOX} (apt-get install firefox-esr)`);
}

describe.skipIf(!firefoxAvailable || !serverAvailable)('Firefox ESR, store build', () => {
  let ff: FirefoxSession;
  let api: ApiServer;
  const sites: FixtureSite[] = [];
  const serve = async (define: Parameters<typeof serveSite>[0]) => {
    const site = await serveSite(define);
    sites.push(site);
    return site;
  };
  beforeAll(async () => {
    [ff, api] = await Promise.all([launchFirefox(), startApiServer()]);
  });
  afterAll(async () => {
    await ff?.close();
    await api?.dispose();
    await Promise.all(sites.map((s) => s.close()));
  });

  const popupFor = (tabId: number, ready = 'article.report, .notice') => ff.openExtensionPage(`popup.html?tabId=${tabId}`, ready);
  const audit = (id: string): Promise<Audit> =>
    ff.inExtension(async (k) => (await browser.storage.local.get(k))[k] as Audit, `audit:${id}`);
  const shownAuditId = (popup: Page) => popup.$eval('article.report', (a) => a.getAttribute('data-audit-id')!);
  const clickAndWaitNewReport = async (popup: Page, selector: string) => {
    const old = await shownAuditId(popup);
    await popup.click(selector);
    await popup.waitForFunction(
      (o) => {
        const id = document.querySelector('article.report')?.getAttribute('data-audit-id');
        return !!id && id !== o;
      },
      { timeout: 30_000 },
      old,
    );
    return shownAuditId(popup);
  };

  it('loads: the background answers, the icons and the tooltip are there', async () => {
    const manifest = await ff.inExtension(
      () => browser.runtime.getManifest() as unknown as { browser_action: { default_title: string }; icons: Record<string, string> },
      null,
    );
    expect(manifest.browser_action.default_title).toBe('Audit this page with Citable');
    expect(Object.keys(manifest.icons)).toEqual(['16', '32', '48', '128']);
    expect(await ff.inExtension(() => browser.runtime.sendMessage({ type: 'citable:sync-now' }), null)).toEqual({ ok: true });
  });

  it('options: Save asks for the backend permission from the click, and a local address without a scheme is http', async () => {
    const options = await ff.openExtensionPage('options.html', '#backend');
    const hostPort = api.url.replace(/^http:\/\//, '');
    await options.type('#backend', hostPort); // "127.0.0.1:PORT": a url-typed field refused it
    await options.type('#key', api.key);
    await options.click('button[type="submit"]');
    await options.waitForFunction(() => /Saved/.test(document.querySelector('#save-status')?.textContent ?? ''));
    // Before the fix: "Saved. Access to the backend was not granted" without any prompt.
    expect(await options.$eval('#save-status', (e) => e.textContent)).toBe('Saved. Pending audits will be sent now.');
    expect(await options.evaluate(() => browser.permissions.contains({ origins: ['http://127.0.0.1/*'] }))).toBe(true);
    expect(await options.$eval('#backend', (e) => (e as HTMLInputElement).value)).toBe(api.url);
    await options.click('button.secondary');
    await options.waitForFunction(() => /^Connected/.test(document.querySelector('#test-result')?.textContent ?? ''));
    await firefoxScreenshot(options, 'firefox-options-connected');
  });

  it('audits a loopback page and syncs it to the real API server', async () => {
    const site = await serve(goodArticleSite);
    const { tabId } = await ff.openTab(`${site.url}${ARTICLE_PATH}`);
    const popup = await popupFor(tabId);
    const id = await shownAuditId(popup);
    expect(await popup.$eval('svg.gauge', (g) => g.getAttribute('aria-label'))).toMatch(/^Score \d+ out of 100$/);
    await firefoxScreenshot(popup, 'firefox-popup-good-page');
    const a = await audit(id);
    expect(a).toMatchObject({ origin: 'extension', final_url: `${site.url}${ARTICLE_PATH}` });
    await popup.waitForSelector(`.history li[data-record-id="${id}"] [data-sync="synced"]`, { timeout: 45_000 });
    const res = await fetch(`${api.url}/api/v1/audits/${id}`, { headers: { authorization: `Bearer ${api.key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { audit: { id: string; score: number } }).audit).toMatchObject({ id, score: a.score });
  });

  it('robots.txt redirecting to another origin: unread, not blocked; "Allow reading" then reads it', async () => {
    const site = await serve(robotsRedirectSite);
    const { tabId } = await ff.openTab(`${site.url}${ARTICLE_PATH}`);
    const popup = await popupFor(tabId, '[data-testid="unread-files"]');
    const before = await audit(await shownAuditId(popup));
    expect(before.issues.map((i) => i.rule)).not.toContain('robots.unreachable');
    expect(before.crawlers.filter((c) => c.robots === 'blocked')).toEqual([]);
    expect(await popup.$eval('[data-testid="allow-reading"]', (b) => b.textContent)).toBe('Allow reading 127.0.0.1, localhost');
    await firefoxScreenshot(popup, 'firefox-popup-robots-unread');

    const after = await audit(await clickAndWaitNewReport(popup, '[data-testid="allow-reading"]'));
    expect(after.issues.map((i) => i.rule)).not.toContain('site-files.unread-in-browser');
    expect(await popup.$('[data-testid="unread-files"]')).toBeNull();
    expect(await popup.$('table.crawlers')).not.toBeNull();
  });

  it('a sitemap on another origin: after "Allow reading" it is read and AI Discovery counts it', async () => {
    // The robots test granted localhost already; this one must start without it.
    await ff.inExtension(() => browser.permissions.remove({ origins: ['http://localhost/*', 'https://localhost/*'] }), null);
    const site = await serve(foreignSitemapSite);
    const { tabId } = await ff.openTab(`${site.url}${ARTICLE_PATH}`);
    const popup = await popupFor(tabId, '[data-testid="unread-files"]');
    const before = await audit(await shownAuditId(popup));
    expect(await popup.$eval('[data-testid="allow-reading"]', (b) => b.textContent)).toBe('Allow reading localhost');
    const after = await audit(await clickAndWaitNewReport(popup, '[data-testid="allow-reading"]'));
    const discovery = (a: Audit) => a.category_scores.find((c) => c.name === 'AI Discovery')!.score;
    expect(after.issues.map((i) => i.rule)).not.toContain('site-files.unread-in-browser');
    expect(discovery(after)).toBeGreaterThanOrEqual(discovery(before));
    expect(site.requests.some((r) => r.path === '/sitemap.xml' && r.headers.host?.startsWith('localhost'))).toBe(true);
  });

  it('deep probe on: a polyfill is reported as a polyfill, since Firefox has no native WebMCP', async () => {
    const options = await ff.openExtensionPage('options.html', '#backend');
    await options.click('label.checkbox input');
    await options.waitForFunction(() => (document.querySelector('label.checkbox input') as HTMLInputElement).checked);
    const site = await serve(runtimeOnlyWebmcpSite);
    const { page, tabId } = await ff.openTab(`${site.url}${ARTICLE_PATH}`);
    await page.waitForSelector('html[data-tools-ready="1"]');
    const popup = await popupFor(tabId, 'article.report');
    const runtime = (await audit(await shownAuditId(popup))).signals.webmcp.runtime!;
    expect(runtime).toMatchObject({ apiAvailable: true, polyfill: true, deepProbe: true });
    expect(await popup.$eval('[data-testid="webmcp-api"]', (e) => e.textContent)).toBe('document.modelContext (polyfill)');
    await firefoxScreenshot(popup, 'firefox-popup-deep-probe-polyfill');
  });
});
