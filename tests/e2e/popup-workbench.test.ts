import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { setBackend } from './helpers/backend.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';
import { configureBackend } from './helpers/options-page.js';
import { waitForSyncState } from './helpers/records.js';
import { expectAudit, sendAuditMessage } from './helpers/send-audit.js';
import { clickToolbar, closePopup, launchStoreBuild, popupEvaluate, savePopupScreens, waitForPopup } from './helpers/toolbar.js';
import { SCREENSHOT_DIR } from './fixtures/screenshots.js';
import { chooseAction } from './helpers/popup-menu.js';

/** The popup's workbench: compare with the previous audit, export, share, open in the dashboard. */
describe.skipIf(!serverAvailable)('popup workbench', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  let api: ApiServer;
  let tabId: number;

  beforeAll(async () => {
    [site, api] = await Promise.all([serveSite(goodArticleSite), startApiServer()]);
    session = await launchWithExtension();
    tabId = (await openTab(session, `${site.url}${ARTICLE_PATH}`)).tabId;
  });
  afterAll(async () => {
    await session?.close();
    await Promise.all([site?.close(), api?.dispose()]);
  });

  /** Two audits of the page, synced; the popup opened on the newer one. */
  async function twoSyncedAudits(): Promise<{ popup: Page; first: string; second: string }> {
    await configureBackend(session, api.url, api.key);
    const first = expectAudit(await sendAuditMessage(session, tabId)).id;
    const second = expectAudit(await sendAuditMessage(session, tabId)).id;
    await waitForSyncState(session, [first, second], 'synced');
    const popup = await openPopupFor(session, tabId);
    await popup.waitForSelector(`article.report[data-audit-id="${second}"]`);
    return { popup, first, second };
  }

  it("compares with the previous audit through the backend's diff", async () => {
    const { popup, first, second } = await twoSyncedAudits();
    await chooseAction(popup, 'diff');
    await popup.waitForSelector(`[data-testid="diff"][data-from="${first}"][data-to="${second}"]`);
    expect(await popup.textContent('[data-testid="diff"]')).not.toContain('(this browser)');
    await screenshot(popup, 'popup-diff');
    await popup.close();
  });

  it('exports the HTML client report and the JSON as files', async () => {
    const { popup, second } = await twoSyncedAudits();
    const [html] = await Promise.all([popup.waitForEvent('download'), chooseAction(popup, 'export-html')]);
    expect(html.suggestedFilename()).toMatch(/^citable-127\.0\.0\.1-guides-pour-over-coffee-\d{4}-\d{2}-\d{2}\.html$/);
    const htmlText = await readFile((await html.path())!, 'utf8');
    expect(htmlText).toMatch(/^<!doctype html>/);
    expect(htmlText).toContain(`data-audit-id="${second}"`);
    expect(htmlText).toContain("default-src 'none'"); // the report's own CSP: the same file the server renders
    expect(htmlText).not.toMatch(/<script/i);
    const [json] = await Promise.all([popup.waitForEvent('download'), chooseAction(popup, 'export-json')]);
    const audit = JSON.parse(await readFile((await json.path())!, 'utf8')) as { id: string; origin: string };
    expect(audit).toMatchObject({ id: second, origin: 'extension' });
    expect(await popup.textContent('[data-testid="export-saved"]')).toContain(json.suggestedFilename());
    await popup.close();
  });

  it('copies a share link that answers without a key', async () => {
    const { popup, second } = await twoSyncedAudits();
    await chooseAction(popup, 'share');
    await popup.waitForSelector('[data-testid="share-link"] input');
    const link = await popup.inputValue('[data-testid="share-link"] input');
    expect(link).toMatch(new RegExp(`^${api.url}/r/`));
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`data-audit-id="${second}"`);
    expect(await popup.textContent('[data-testid="share-link"]')).toMatch(/^Link copied/);
    // What the clipboard holds, pasted as a user would (reading it through the API needs a permission extension pages cannot be granted
    // here).
    await popup.evaluate(() => {
      const t = document.createElement('textarea');
      t.id = 'paste-check';
      document.body.appendChild(t);
      t.focus();
    });
    await popup.keyboard.press('Control+V');
    expect(await popup.inputValue('#paste-check')).toBe(link);
    await popup.evaluate(() => document.getElementById('paste-check')!.remove());
    await screenshot(popup, 'popup-share-link');
    await popup.close();
  });

  it('"Open in dashboard" opens dashboard.html on this audit', async () => {
    const { popup, second } = await twoSyncedAudits();
    const [dash] = await Promise.all([session.context.waitForEvent('page'), chooseAction(popup, 'dashboard')]);
    await dash.waitForURL(new RegExp(`dashboard\\.html#/audits/${second}$`));
    await dash.waitForSelector(`section[data-audit-id="${second}"]`);
    await Promise.all([dash.close(), popup.close()]);
  });

  it('"Audit this site" starts a crawl of the site and shows its progress (or says the server has no crawls)', async () => {
    const { popup } = await twoSyncedAudits();
    const crawlsRoute = (await fetch(`${api.url}/api/v1/crawls?limit=1`, { headers: { authorization: `Bearer ${api.key}` } })).status;
    await chooseAction(popup, 'crawl');
    await popup.waitForSelector('[data-testid="crawl-progress"], [data-testid="crawl-error"]');
    if (crawlsRoute === 404) {
      // A server without the crawl routes (docs/api-decisions.md#crawls).
      expect(await popup.textContent('[data-testid="crawl-error"]')).toContain('no site audits');
    } else {
      const id = await popup.getAttribute('[data-testid="crawl-progress"]', 'data-crawl-id');
      const res = await fetch(`${api.url}/api/v1/crawls/${id}`, { headers: { authorization: `Bearer ${api.key}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { crawl: { url: string } }).crawl.url).toBe(`${site.url}/`);
      await popup.waitForSelector('[data-testid="crawl-progress"] [data-status="complete"]', { timeout: 60_000 });
    }
    await screenshot(popup, 'popup-site-crawl');
    await popup.close();
  });

  it('without a backend, compares with the previous audit kept in this browser', async () => {
    await setBackend(session, '', '');
    const first = expectAudit(await sendAuditMessage(session, tabId)).id;
    const second = expectAudit(await sendAuditMessage(session, tabId)).id;
    const popup = await openPopupFor(session, tabId);
    await popup.waitForSelector(`article.report[data-audit-id="${second}"]`);
    expect(await popup.isDisabled('[data-action="share"]')).toBe(true);
    await chooseAction(popup, 'diff');
    await popup.waitForSelector(`[data-testid="diff"][data-from="${first}"][data-to="${second}"]`);
    expect(await popup.textContent('[data-testid="diff"]')).toContain('(this browser)');
    await popup.close();
  });
});

/** The same actions in the store build's real popup, opened by a real toolbar click. */
describe('popup workbench, store build, real toolbar click', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await serveSite(goodArticleSite);
    session = await launchStoreBuild();
  });
  afterAll(async () => {
    await session?.close();
    await site?.close();
  });

  it('"Audit again", then "Compare with previous" shows the diff in the real popup', async () => {
    const page = await session.context.newPage();
    await page.goto(`${site.url}${ARTICLE_PATH}`, { waitUntil: 'load' });
    await clickToolbar(session, page);
    await waitForPopup(session, 'article.report');
    const first = await popupEvaluate(session, (w) => w.document.querySelector('article.report')!.getAttribute('data-audit-id'), null);
    await popupEvaluate(session, (w) => (w.document.querySelector('[data-action="again"]') as HTMLButtonElement).click(), null);
    await session.extensionPage.waitForFunction(
      (id) => {
        const doc = chrome.extension.getViews({ type: 'popup' })[0]?.document;
        const shown = doc?.querySelector('article.report')?.getAttribute('data-audit-id');
        return !!shown && shown !== id;
      },
      first,
      { timeout: 30_000, polling: 50 },
    );
    await popupEvaluate(session, (w) => (w.document.querySelector('[data-action="diff"]') as HTMLButtonElement).click(), null);
    await waitForPopup(session, `[data-testid="diff"][data-from="${first}"]`);
    await savePopupScreens(session, SCREENSHOT_DIR, 'popup-store-diff');
    await closePopup(session);
  });
});
