import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import type { Audit } from '../../shared/types/audit.js';
import { serveSite } from './fixtures/serve.js';
import { SCREENSHOT_DIR, screenshot } from './fixtures/screenshots.js';
import { emptyPageSite, foreignSitemapSite, otherName, robotsRedirectSite } from './fixtures/cross-origin-files.js';
import { slowPageSite, type TimedRequest } from './fixtures/slow-page-site.js';
import { openPopupFor, openTabById, type ExtensionSession } from './helpers/extension.js';
import { readRecords } from './helpers/records.js';
import { clickToolbar, closePopup, launchStoreBuild, popupEvaluate, savePopupScreens, popupText, waitForPopup } from './helpers/toolbar.js';

/**
 * The store build as a user meets it: a real toolbar click (activeTab only), and the faults users met there.
 * Each test opens its page in a new tab and clicks the icon there.
 */
describe('store build, real toolbar click', () => {
  let session: ExtensionSession;
  const sites: FixtureSite[] = [];
  const serve = async (define: Parameters<typeof serveSite>[0]) => {
    const site = await serveSite(define);
    sites.push(site);
    return site;
  };
  beforeAll(async () => {
    session = await launchStoreBuild();
  });
  afterAll(async () => {
    await session?.close();
    await Promise.all(sites.map((s) => s.close()));
  });

  const open = async (url: string): Promise<Page> => {
    const page = await session.context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    return page;
  };
  const click = async (page: Page, selector = 'article.report, .notice') => {
    await closePopup(session);
    await clickToolbar(session, page);
    await waitForPopup(session, selector);
  };
  const newestAudit = async (): Promise<Audit> =>
    session.worker.evaluate(async () => {
      const { records } = await chrome.storage.local.get('records');
      const id = (records as Array<{ id: string }>)[0]!.id;
      return (await chrome.storage.local.get(`audit:${id}`))[`audit:${id}`] as never;
    });
  const savePopupScreenshot = (name: string) => savePopupScreens(session, SCREENSHOT_DIR, name);

  it('has its icons and the configured tooltip', async () => {
    const manifest = await session.worker.evaluate(
      () =>
        chrome.runtime.getManifest() as never as {
          action: { default_title: string; default_icon: Record<string, string> };
          icons: Record<string, string>;
        },
    );
    expect(manifest.action.default_title).toBe('Audit this page with Citable');
    expect(Object.keys(manifest.icons)).toEqual(['16', '32', '48', '128']);
    for (const [size, file] of Object.entries(manifest.action.default_icon)) {
      const dims = await session.extensionPage.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      }, `chrome-extension://${session.extensionId}/${file}`);
      expect(dims).toEqual([Number(size), Number(size)]);
    }
  });

  it('a robots.txt that redirects to another origin blocks nobody and says it could not be read from the browser', async () => {
    const site = await serve(robotsRedirectSite);
    const page = await open(`${site.url}${ARTICLE_PATH}`);
    await click(page);
    const audit = await newestAudit();
    // Before the fix: robots.unreachable "(Failed to fetch)", every agent blocked, score capped at 49.
    expect(audit.issues.map((i) => i.rule)).not.toContain('robots.unreachable');
    expect(audit.issues.filter((i) => i.severity === 'critical')).toEqual([]);
    expect(audit.crawlers.filter((c) => c.robots === 'blocked')).toEqual([]);
    expect(audit.score).toBeGreaterThan(49);
    expect(audit.issues.find((i) => i.rule === 'site-files.unread-in-browser')?.title).toBe(
      'robots.txt could not be read from the browser',
    );
    // The request really went to the other origin, and was refused by the browser, not by the site.
    expect(site.requests.some((r) => r.path === '/robots.txt' && r.headers.host?.startsWith('localhost'))).toBe(true);

    await waitForPopup(session, '[data-testid="unread-files"]');
    expect(await popupText(session, '#h-unread')).toBe('robots.txt could not be read from the browser');
    expect(await popupText(session, '[data-testid="allow-reading"]')).toBe('Allow reading 127.0.0.1, localhost');
    expect(await popupText(session, '[data-testid="crawlers-unknown"]')).toMatch(/^Unknown for all \d+ agents/);
    expect(await popupEvaluate(session, (w) => w.document.documentElement.scrollWidth, null)).toBeLessThanOrEqual(400);
    await savePopupScreenshot('popup-robots-unread-in-browser');
  });

  it('names a sitemap on another origin and the access that would read it', async () => {
    const site = await serve(foreignSitemapSite);
    const page = await open(`${site.url}${ARTICLE_PATH}`);
    await click(page);
    await waitForPopup(session, '[data-testid="unread-files"]');
    expect(await popupText(session, '#h-unread')).toBe('sitemap could not be read from the browser');
    expect(await popupText(session, '[data-testid="unread-files"] li')).toContain(`${otherName(site.url)}/sitemap.xml`);
    expect(await popupText(session, '[data-testid="allow-reading"]')).toBe('Allow reading localhost');
    const audit = await newestAudit();
    expect(audit.issues.find((i) => i.rule === 'site-files.unread-in-browser')?.detail).toContain(`${otherName(site.url)}/sitemap.xml`);
    expect(audit.issues.filter((i) => i.rule.startsWith('sitemap.'))).toEqual([]); // left out, not failed
  });

  it('a second click within 10 minutes shows the stored audit without auditing again; "Audit again" runs one', async () => {
    const site = await serve(goodArticleSite);
    const page = await open(`${site.url}${ARTICLE_PATH}`);
    const pageFetches = () => site.requests.filter((r) => r.path === ARTICLE_PATH).length;
    await click(page);
    const first = await popupEvaluate(session, (w) => w.document.querySelector('article.report')?.getAttribute('data-audit-id'), null);
    const before = { records: (await readRecords(session)).length, fetches: pageFetches() };
    for (let i = 0; i < 3; i++) {
      await click(page, '[data-testid="cached-note"]');
      expect(await popupEvaluate(session, (w) => w.document.querySelector('article.report')?.getAttribute('data-audit-id'), null)).toBe(
        first,
      );
    }
    expect((await readRecords(session)).length).toBe(before.records);
    expect(pageFetches()).toBe(before.fetches);
    await savePopupScreenshot('popup-cached-result');

    await popupEvaluate(
      session,
      (w) =>
        Array.from(w.document.querySelectorAll('button'))
          .find((b) => b.textContent === 'Audit again')!
          .click(),
      null,
    );
    await session.extensionPage.waitForFunction((old) => {
      const id = chrome.extension.getViews({ type: 'popup' })[0]?.document.querySelector('article.report')?.getAttribute('data-audit-id');
      return !!id && id !== old;
    }, first);
    expect((await readRecords(session)).length).toBe(before.records + 1);
  });

  it('a slow page is requested at once by the tab, for the raw HTML and for markdown, with the steps shown meanwhile', async () => {
    const log: TimedRequest[] = [];
    const site = await serve(slowPageSite(2_500, log));
    const page = await session.context.newPage();
    await page.goto(`${site.url}${ARTICLE_PATH}`, { waitUntil: 'commit' });
    await closePopup(session);
    await clickToolbar(session, page); // while the tab is still loading
    await waitForPopup(session, '.steps li');
    const steps = await popupEvaluate(
      session,
      (w) => Array.from(w.document.querySelectorAll('.steps li')).map((li) => li.textContent ?? ''),
      null,
    );
    expect(steps.join('\n')).toMatch(/Server HTML \(what AI crawlers get\)\d+\.\d s…/);
    expect(await popupText(session, '[data-testid="elapsed"]')).toMatch(/^\d+\.\d s$/);
    // Four steps a person follows, the page's one under way, with an estimate and Cancel.
    expect(await popupText(session, '.phases li[data-phase="page"]')).toMatch(/^Fetching the page/);
    expect(await popupText(session, '[data-testid="estimate"]')).toMatch(/^(About \d+ s left|Taking longer than usual)/);
    await savePopupScreenshot('popup-progress-slow-page');
    await waitForPopup(session, 'article.report', 30_000);

    const tabLoad = log[0]!;
    const raw = log.find((r, i) => i > 0 && r.accept.startsWith('text/html'))!;
    const markdown = log.find((r) => r.accept === 'text/markdown')!;
    // Before the fix each waited for the one before it: tab load, then raw HTML, then markdown.
    expect(raw.startedAt).toBeLessThan(tabLoad.endedAt!);
    expect(markdown.startedAt).toBeLessThan(tabLoad.endedAt!);
    expect(markdown.startedAt).toBeLessThan(raw.endedAt!);
  });

  it('Cancel stops a slow audit in the background: the popup says so at once and stays usable, nothing is stored', async () => {
    const log: TimedRequest[] = [];
    const site = await serve(slowPageSite(3_000, log));
    const page = await session.context.newPage();
    await page.goto(`${site.url}${ARTICLE_PATH}`, { waitUntil: 'commit' });
    const before = (await readRecords(session)).length;
    await closePopup(session);
    await clickToolbar(session, page);
    await waitForPopup(session, '[data-action="cancel"]');
    await popupEvaluate(session, (w) => w.document.querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click(), null);
    await waitForPopup(session, '.notice-info', 2_000);
    expect(await popupText(session, '.notice-info h2')).toBe('Audit cancelled');
    expect(await popupEvaluate(session, (w) => w.document.querySelector<HTMLButtonElement>('[data-action="again"]')!.disabled, null)).toBe(
      false,
    );
    await savePopupScreenshot('popup-cancelled');
    // Past the slow page's answer: the cancelled audit made no record (it would have, had it run on).
    await new Promise((r) => setTimeout(r, 4_000));
    expect((await readRecords(session)).length).toBe(before);
  });

  it('says what to do on a page it may not read, a page that did not load, and an empty page', async () => {
    const site = await serve(goodArticleSite);
    // Never clicked: no activeTab. The popup opened for it directly, as after a navigation to another site.
    const { tabId } = await openTabById(session, `${site.url}${ARTICLE_PATH}`); // the store build may not read tab URLs
    const popup = await openPopupFor(session, tabId);
    expect(await popup.textContent('.notice h2')).toBe('Click the Citable icon to audit this page');
    expect(await popup.textContent('.notice p')).toMatch(
      /^Citable may read a page only after you click its icon on that page\. Click the Citable icon/,
    );
    await screenshot(popup, 'popup-no-access');
    await popup.close();

    const dead = await session.context.newPage();
    await dead.goto('http://127.0.0.1:9/nothing-here').catch(() => undefined);
    await expect.poll(() => dead.url()).toMatch(/^chrome-error:/); // the browser's error page is up
    await dead.waitForLoadState('load');
    await closePopup(session);
    await clickToolbar(session, dead, 'http://127.0.0.1:9/nothing-here');
    await waitForPopup(session, '.notice');
    expect(await popupText(session, '.notice h2')).toBe('The page did not load');
    expect(await popupText(session, '.notice p')).not.toMatch(/Frame with ID/);
    await savePopupScreenshot('popup-error-page');

    const empty = await serve(emptyPageSite);
    await click(await open(`${empty.url}/empty`));
    const issues = (await newestAudit()).issues;
    expect(issues.find((i) => i.rule === 'rendering.no-content-without-js')?.title).toBe('The page has no text');
    expect(JSON.stringify(issues)).not.toMatch(/0 words after JavaScript/);
  });
});
