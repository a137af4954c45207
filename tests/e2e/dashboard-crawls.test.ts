import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSlowSite } from '../crawls/helpers/small-sites.js';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import type { ServedSite } from '../crawls/helpers/crawl-site.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { until } from '../helpers/until.js';
import { call, setBackend } from './helpers/backend.js';
import type { ExtensionSession } from './helpers/extension.js';
import { launchStoreBuild } from './helpers/toolbar.js';
import { answerConfirm } from './helpers/confirm.js';

interface Crawl {
  id: string;
  url: string;
  status: string;
  score: number | null;
  progress: { discovered: number; audited: number; failed: number; skipped: number };
  issues: Array<{ rule: string; pages: number }> | null;
  templates: Array<{ pattern: string; pages: number; score: number }> | null;
}

/**
 * The dashboard's crawl list and crawl page with real crawls: the store build against the real server on
 * 127.0.0.1, crawling loopback fixture sites (a small site of templates, and a slow one to cancel). What the
 * pages show is compared with the API's own crawl object, not with figures written here.
 */
describe.skipIf(!serverAvailable)('dashboard: crawls', () => {
  let session: ExtensionSession;
  let api: ApiServer;
  let small: TemplatedSite;
  let slow: ServedSite;
  let crawlId = '';

  const open = async (hash: string): Promise<Page> => {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html${hash}`);
    return page;
  };
  const crawlOf = async (id: string) => (await call<{ crawl: Crawl }>(api, 'GET', `/crawls/${id}`)).json.crawl;
  const ended = (c: Crawl) => !['queued', 'running'].includes(c.status);
  const POLL = { timeoutMs: 90_000, everyMs: 200 };

  beforeAll(async () => {
    [small, slow, api] = await Promise.all([
      startTemplatedSite({ blog: 4, blogFr: 1, products: 3, docs: 3 }),
      startSlowSite(40, 1_500),
      startApiServer(),
    ]);
    session = await launchStoreBuild();
    await setBackend(session, api.url, api.key);
    const started = await call<{ crawl: Crawl }>(api, 'POST', '/crawls', { url: `${small.site.url}/`, max_pages: 50 });
    expect(started.status).toBe(202);
    crawlId = started.json.crawl.id;
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await Promise.all([api?.dispose(), small?.site.close(), slow?.close()]);
  });

  it('the crawl list shows the crawl with its status and progress, as the API has them', async () => {
    const page = await open('#/crawls');
    const row = `tr[data-crawl-id="${crawlId}"]`;
    await page.waitForSelector(row);
    expect(await page.textContent(`${row} a`)).toBe(small.site.url.replace(/^https?:\/\//, ''));
    // The list follows the crawl while it runs (it polls): the row ends as the API's crawl ends.
    const crawl = await until(
      `crawl ${crawlId} to end`,
      async () => {
        const c = await crawlOf(crawlId);
        return ended(c) && c;
      },
      POLL,
    );
    expect(crawl.status).toBe('complete');
    await page.waitForSelector(`${row} [data-status="complete"]`, { timeout: 30_000 });
    const { audited, discovered } = crawl.progress;
    expect(await page.textContent(`${row} .crawl-status .small`)).toBe(
      `${audited} of ${discovered} page${discovered === 1 ? '' : 's'} audited${crawl.progress.failed ? `, ${crawl.progress.failed} failed` : ''}${crawl.progress.skipped ? `, ${crawl.progress.skipped} skipped` : ''}`,
    );
    expect(audited).toBe(small.pages.length);
    expect(Number(await page.textContent(`${row} td.num`))).toBe(crawl.score);
    await screenshot(page, 'dashboard-crawls-list');
    await page.close();
  });

  it('the crawl page shows the rollup: site score, issues by rule with their page counts, templates, worst pages', async () => {
    const crawl = await until(
      `crawl ${crawlId} to end`,
      async () => {
        const c = await crawlOf(crawlId);
        return ended(c) && c;
      },
      POLL,
    );
    const pages = (await call<{ pages: Array<{ score: number }> }>(api, 'GET', `/crawls/${crawlId}/pages?limit=100`)).json.pages;
    const page = await open(`#/crawls/${crawlId}`);
    await page.waitForSelector(`section[data-crawl-id="${crawlId}"] [data-status="complete"]`);
    const report = page.frameLocator('[data-testid="report-frame"]');
    await report.locator(`main.report[data-crawl-id="${crawlId}"]`).waitFor();

    expect(await report.locator('svg.gauge').first().getAttribute('aria-label')).toBe(`Site score ${crawl.score} out of 100`);
    // Every rule of the API's rollup, with its page count; nothing more.
    const issues = crawl.issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    expect(await report.locator('#issues tr[data-rule]').count()).toBe(issues.length);
    for (const issue of issues) {
      expect(await report.locator(`#issues tr[data-rule="${issue.rule}"] td.num strong`).textContent()).toBe(
        issue.pages.toLocaleString('en-GB'),
      );
    }
    // The planted faults are there, with the pages the fixture plans for them.
    const planned = (rule: string) => small.faultCount(rule);
    for (const rule of ['content.single-h1', 'content.image-alt']) {
      expect(issues.find((i) => i.rule === rule)?.pages).toBe(planned(rule));
    }
    const templates = crawl.templates ?? [];
    expect(templates.length).toBeGreaterThan(1);
    expect(await report.locator('#templates tr[data-template]').count()).toBe(templates.length);
    for (const t of templates) {
      expect(await report.locator(`#templates tr[data-template="${t.pattern}"] td.num`).first().textContent()).toBe(
        t.pages.toLocaleString('en-GB'),
      );
    }
    // The worst pages are the lowest scores of GET /crawls/{id}/pages, lowest first.
    const worst = pages
      .map((p) => p.score)
      .sort((a, b) => a - b)
      .slice(0, 15);
    const shown = await report
      .locator('#worst-pages tr[data-page-score]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-page-score'))));
    expect(shown).toEqual(worst);
    await screenshot(page, 'dashboard-crawl-report');
    await page.close();
  });

  it('cancels a slow crawl from its page', async () => {
    const started = await call<{ crawl: Crawl }>(api, 'POST', '/crawls', { url: `${slow.url}/`, max_pages: 40 });
    expect(started.status).toBe(202);
    const id = started.json.crawl.id;
    const page = await open(`#/crawls/${id}`);
    // Running, with pages audited: the page follows it (it polls) until the cancel.
    await until(
      `crawl ${id} to run with pages audited`,
      async () => {
        const c = await crawlOf(id);
        return c.status === 'running' && c.progress.audited > 0;
      },
      { timeoutMs: 30_000, everyMs: 200 },
    );
    await page.waitForSelector(`section[data-crawl-id="${id}"] [data-status="running"]`, { timeout: 15_000 });
    await page.waitForSelector('[data-action="cancel-crawl"]:not([disabled])');
    await screenshot(page, 'dashboard-crawl-running');
    await page.click('[data-action="cancel-crawl"]');
    await answerConfirm(page, true, /Cancel the crawl of .+\?.*cannot be resumed/);
    await page.waitForSelector(`section[data-crawl-id="${id}"] [data-status="cancelled"]`, { timeout: 30_000 });
    const crawl = await crawlOf(id);
    expect(crawl.status).toBe('cancelled');
    expect(crawl.progress.audited).toBeLessThan(40);
    expect(await page.locator('[data-action="cancel-crawl"]').count()).toBe(0);
    // The list says the same.
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html#/crawls`);
    await page.waitForSelector(`tr[data-crawl-id="${id}"] [data-status="cancelled"]`);
    await screenshot(page, 'dashboard-crawl-cancelled');
    await page.close();
  });
});
