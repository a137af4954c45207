import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { spaShellSite } from '../fixtures/sites/discovery-sites.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { setBackend, startReceiver } from './helpers/backend.js';
import { launchWithExtension, openPopupFor, openTab, openTabById, type ExtensionSession } from './helpers/extension.js';
import { seedAgency, type AgencyData } from './helpers/agency-data.js';
import { axeViolations } from './helpers/axe.js';

/**
 * Every screen a user meets, with an agency's real data on the real server: the popup (a good page, a bad
 * page with its menu open, a page it may not audit), Options, each view of the dashboard, the share page of
 * an audit and of a crawl, and a dead share link. Each is checked with axe-core (WCAG 2.1 A and AA and
 * axe's best practices), in the light and the dark colour scheme: none may have a violation. Screenshots:
 * `screen-*.png` and `screen-*-dark.png`.
 */
describe.skipIf(!serverAvailable)('every screen', () => {
  let session: ExtensionSession;
  let api: ApiServer;
  let good: FixtureSite;
  let bad: FixtureSite;
  let site: TemplatedSite;
  let fakes: ProviderFakes;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let data: AgencyData;

  beforeAll(async () => {
    fakes = await startProviderFakes();
    [good, bad, site, receiver] = await Promise.all([
      serveSite(goodArticleSite),
      serveSite(spaShellSite),
      startTemplatedSite({ blog: 4, blogFr: 1, products: 3, docs: 3 }),
      startReceiver(),
    ]);
    api = await startApiServer({ ...(fakes.env() as Record<string, string>), CITATION_ENGINES: 'chatgpt,perplexity' });
    data = await seedAgency(api, good, site, fakes, receiver.url);
    session = await launchWithExtension();
    await setBackend(session, api.url, api.key);
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await Promise.all([good?.close(), bad?.close(), site?.site.close(), receiver?.close(), fakes?.close(), api?.dispose()]);
  });

  /** No axe violation on the page as it stands, in the light and in the dark colour scheme; a screenshot of each either way. */
  async function expectAccessible(page: Page, name: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const shot = scheme === 'light' ? `screen-${name}` : `screen-${name}-dark`;
      await screenshot(page, shot);
      expect(await axeViolations(page), shot).toEqual([]);
    }
    // Dark really is dark: the page's own background (the body's, else the root's) is a dark one.
    const background = await page.evaluate(() => {
      const body = getComputedStyle(document.body).backgroundColor;
      return body === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.documentElement).backgroundColor : body;
    });
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!, `${name} in dark: ${background}`).toBeLessThan(150);
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function dashboard(hash: string, ready: string): Promise<Page> {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html${hash}`);
    await page.waitForSelector(ready, { timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 30_000 });
    return page;
  }

  it('the popup: a good page, a bad page with its menu open, a page it may not audit', async () => {
    const popup = await openPopupFor(session, (await openTab(session, `${good.url}${ARTICLE_PATH}`)).tabId);
    await expectAccessible(popup, 'popup-good');
    const badPopup = await openPopupFor(session, (await openTab(session, `${bad.url}${ARTICLE_PATH}`)).tabId);
    await badPopup.click('[data-action="menu"]');
    await badPopup.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    await expectAccessible(badPopup, 'popup-bad-menu');
    const restricted = await openPopupFor(session, (await openTabById(session, 'chrome://version')).tabId);
    await expectAccessible(restricted, 'popup-restricted');
    await Promise.all([popup.close(), badPopup.close(), restricted.close()]);
  });

  it('Options', async () => {
    const page = await session.context.newPage();
    await page.goto(`chrome-extension://${session.extensionId}/options.html`);
    await page.waitForSelector('#backend');
    await page.waitForFunction(() => (document.querySelector('#backend') as HTMLInputElement).value !== '');
    await expectAccessible(page, 'options');
    await page.close();
  });

  const views: Array<[string, () => string, string]> = [
    ['audits', () => '#/audits', '.audits-table'],
    ['audit', () => `#/audits/${data.audits[1]}`, '[data-testid="report-frame"]'],
    ['crawls', () => '#/crawls', 'tr[data-crawl-id]'],
    ['crawl', () => `#/crawls/${data.crawl}`, '[data-testid="report-frame"]'],
    ['crawl-pages', () => `#/crawls/${data.crawl}/pages/content.image-alt`, 'tr[data-url]'],
    ['monitors', () => '#/monitors', 'tr[data-monitor-id]'],
    ['webhooks', () => '#/webhooks', 'tr[data-webhook-id]'],
    ['webhook', () => `#/webhooks/${data.webhook}`, 'tr[data-delivery-id]'],
    ['projects', () => '#/projects', 'tr[data-project-id]'],
    ['project', () => `#/projects/${data.project}`, '[data-testid="citation-figures"]'],
    ['shares', () => '#/shares', 'tr[data-share-id]'],
  ];
  it.each(views)('the dashboard: %s', async (name, hash, ready) => {
    const page = await dashboard(hash(), ready);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    await expectAccessible(page, `dashboard-${name}`);
    await page.close();
  });

  it('the confirmation of a destructive action (deleting a webhook)', async () => {
    const page = await dashboard('#/webhooks', 'tr[data-webhook-id]');
    await page.click(`tr[data-webhook-id="${data.webhook}"] [data-action="delete"]`);
    await page.waitForSelector('dialog[data-testid="confirm"][open]');
    await expectAccessible(page, 'dashboard-confirm');
    await page.click('dialog[data-testid="confirm"] [data-choice="keep"]');
    await page.close();
  });

  it('the share pages of an audit and of a crawl, and a dead share link', async () => {
    const page = await session.context.newPage();
    for (const [name, url] of [
      ['share-audit', data.auditShare.url],
      ['share-crawl', data.crawlShare.url],
      ['share-dead', `${api.url}/r/${'x'.repeat(32)}`],
    ] as const) {
      await page.goto(url);
      await expectAccessible(page, name);
    }
    await page.close();
  });
});
