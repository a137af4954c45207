import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import { until } from '../helpers/until.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { call, setBackend } from './helpers/backend.js';
import { answerConfirm } from './helpers/confirm.js';
import type { ExtensionSession } from './helpers/extension.js';
import { launchStoreBuild } from './helpers/toolbar.js';

interface Issue {
  rule: string;
  pages: number;
  title: string;
}
interface CrawlPage {
  url: string;
  audit_id: string | null;
  score: number | null;
}

/** Every page of a crawl (of a rule) as the API lists it. */
async function apiPages(api: ApiServer, id: string, rule?: string): Promise<CrawlPage[]> {
  const all: CrawlPage[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `limit=500${rule ? `&rule=${rule}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
    const res: { json: { pages: CrawlPage[]; next_cursor: string | null } } = await call<{
      pages: CrawlPage[];
      next_cursor: string | null;
    }>(api, 'GET', `/crawls/${id}/pages?${q}`);
    all.push(...res.json.pages);
    cursor = res.json.next_cursor;
  } while (cursor);
  return all;
}

/**
 * Drill-down and export in the store build's dashboard against the real server: a crawl's issue opens every
 * page that has it (not the report's few examples), the pages to fix first open their audits, every table
 * sorts, filters, pages and exports CSV (a crawl's pages through the server's streamed CSV).
 */
describe.skipIf(!serverAvailable)('dashboard: drill-down and export', () => {
  let session: ExtensionSession;
  let api: ApiServer;
  let site: TemplatedSite;
  let crawlId = '';
  let issues: Issue[] = [];

  const open = async (hash: string): Promise<Page> => {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html${hash}`);
    return page;
  };

  beforeAll(async () => {
    [site, api] = await Promise.all([startTemplatedSite({ blog: 8, blogFr: 1, products: 4, docs: 6 }), startApiServer()]);
    const started = await call<{ crawl: { id: string } }>(api, 'POST', '/crawls', { url: `${site.site.url}/`, max_pages: 50 });
    crawlId = started.json.crawl.id;
    const crawl = await until(
      'the crawl to finish',
      async () => {
        const c = (await call<{ crawl: { status: string; issues: Issue[] } }>(api, 'GET', `/crawls/${crawlId}`)).json.crawl;
        return c.status === 'complete' && c;
      },
      { timeoutMs: 90_000, everyMs: 200 },
    );
    issues = crawl.issues;
    session = await launchStoreBuild();
    await setBackend(session, api.url, api.key);
  }, 150_000);
  afterAll(async () => {
    await session?.close();
    await Promise.all([api?.dispose(), site?.site.close()]);
  });

  it("a crawl's issue opens every page that has it, each linked to its audit", async () => {
    const rule = 'content.image-alt';
    const issue = issues.find((i) => i.rule === rule)!;
    expect(issue.pages).toBe(site.faultCount(rule));
    expect(issue.pages).toBeGreaterThan(3); // more than the report's examples
    const page = await open(`#/crawls/${crawlId}`);
    await page.waitForSelector('.crawl-issues tr[data-rule]');
    expect(await page.locator('.crawl-issues tbody tr').count()).toBe(issues.length);
    expect(await page.textContent(`.crawl-issues tr[data-rule="${rule}"] [data-action="issue-pages"]`)).toBe(`${issue.pages} pages`);
    await screenshot(page, 'dashboard-crawl-drilldown');
    await page.click(`.crawl-issues tr[data-rule="${rule}"] [data-action="issue-pages"]`);
    await page.waitForURL(new RegExp(`#/crawls/${crawlId}/pages/${rule.replace('.', '\\.')}$`));
    await page.waitForFunction((n) => document.querySelectorAll('tr[data-url]').length === n, issue.pages);
    const expected = await apiPages(api, crawlId, rule);
    const listed = await page.locator('tr[data-url]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-url')));
    expect([...listed].sort()).toEqual(expected.map((p) => p.url).sort());
    // Worst first, and each page opens its audit.
    const scores = await page.locator('tr[data-url] td.num .score-pill').allTextContents();
    expect(scores.map(Number)).toEqual([...scores.map(Number)].sort((a, b) => a - b));
    await screenshot(page, 'dashboard-issue-pages');
    const first = expected.find((p) => p.url === listed[0])!;
    await page.click(`tr[data-url="${first.url}"] a`);
    await page.waitForSelector(`section[data-audit-id="${first.audit_id}"]`);
    await page.close();
  });

  it('the pages to fix first are the lowest scores, each linked to its audit, and lead to every page', async () => {
    const page = await open(`#/crawls/${crawlId}`);
    await page.waitForSelector('#h-fix-first ~ .data-table tbody tr');
    const all = await apiPages(api, crawlId);
    const worst = all
      .map((p) => p.score!)
      .sort((a, b) => a - b)
      .slice(0, 10);
    const rows = page.locator('#h-fix-first + .data-table tbody tr');
    expect((await rows.locator('.score-pill').allTextContents()).map(Number)).toEqual(worst);
    expect(await rows.locator('a[href^="#/audits/"]').count()).toBe(10);
    await page.click('[data-action="all-pages"]');
    await page.waitForFunction((n) => document.querySelectorAll('tr[data-url]').length === n, all.length);
    await page.close();
  });

  it('sorts by a header (both ways), filters as typed, and exports the server CSV of the pages shown', async () => {
    const rule = 'content.single-h1';
    const page = await open(`#/crawls/${crawlId}/pages/${rule}`);
    const n = issues.find((i) => i.rule === rule)!.pages;
    await page.waitForFunction((count) => document.querySelectorAll('tr[data-url]').length === count, n);
    await page.click('th[data-col="page"] button');
    expect(await page.getAttribute('th[data-col="page"]', 'aria-sort')).toBe('ascending');
    const asc = await page.locator('tr[data-url]').evaluateAll((r) => r.map((x) => x.getAttribute('data-url')!));
    await page.click('th[data-col="page"] button');
    expect(await page.getAttribute('th[data-col="page"]', 'aria-sort')).toBe('descending');
    const desc = await page.locator('tr[data-url]').evaluateAll((r) => r.map((x) => x.getAttribute('data-url')!));
    expect(desc).toEqual([...asc].reverse());
    await page.fill('.table-filter input', 'post-1');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-url]').length < 3);
    expect(await page.textContent('[data-testid="row-count"]')).toMatch(new RegExp(`^\\d+ of ${n} rows$`));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="export-csv"]')]);
    expect(download.suggestedFilename()).toMatch(/^citable-crawl-pages-content\.single-h1-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const server = await fetch(`${api.url}/api/v1/crawls/${crawlId}/pages.csv?rule=${rule}`, {
      headers: { authorization: `Bearer ${api.key}` },
    });
    expect(csv).toBe(await server.text());
    expect(csv.split('\r\n')[0]).toBe('url,score,http_status,critical,audit_id,error');
    await page.close();
  });

  it('pages a long list 100 rows at a time, and exports every row filtered, not only the page shown', async () => {
    // 110 audits stored at once through the sync route (under its 120 a minute) (each a copy of a real audit with its own id and time).
    const made = await call<{ audit: Record<string, unknown> }>(api, 'POST', '/audits', { url: `${site.site.url}/blog/post-1` });
    for (let i = 0; i < 110; i++) {
      const id = randomUUID();
      const copy: Record<string, unknown> = {
        ...made.json.audit,
        id,
        scanned_at: new Date(Date.now() - i * 60_000).toISOString(),
        origin: 'extension',
      };
      delete copy.crawl_id;
      expect((await call(api, 'PUT', `/audits/${id}`, { audit: copy })).status).toBe(201);
    }
    const total = (await call<{ audits: unknown[] }>(api, 'GET', '/audits?limit=100')).json.audits.length;
    expect(total).toBe(100);
    const page = await open('#/audits');
    // A crawl's pages are left to their crawl at first: the list shows fewer audits than the account has.
    await page.waitForFunction(() => /^\d+ of \d+ audits$/.test(document.querySelector('[data-testid="audit-count"]')?.textContent ?? ''));
    expect(await page.isChecked('input[name="hide-crawl-pages"]')).toBe(true);
    await page.uncheck('input[name="hide-crawl-pages"]');
    await page.waitForFunction(() => /^\d+ audits$/.test(document.querySelector('[data-testid="audit-count"]')?.textContent ?? ''));
    const count = Number((await page.textContent('[data-testid="audit-count"]'))!.match(/^\d+/)![0]);
    expect(count).toBeGreaterThan(110);
    expect(await page.locator('.audits-table tbody tr').count()).toBe(100);
    expect(await page.textContent('.pager')).toContain(`Page 1 of ${Math.ceil(count / 100)}`);
    await page.click('.pager button:has-text("Next")');
    expect(await page.locator('.audits-table tbody tr').count()).toBe(Math.min(100, count - 100));
    await page.click('th[data-col="score"] button');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="export-csv"]')]);
    const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('Score,Page,Audited,From,Built with');
    expect(lines.length - 2).toBe(count); // the header, then every audit (the file ends with CRLF)
    const scores = lines.slice(1, -1).map((l) => Number(l.split(',')[0]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await screenshot(page, 'dashboard-audits-paged');
    await page.close();
  });

  it('audits one page from the dashboard and opens its audit', async () => {
    const page = await open('#/audits');
    const url = `${site.site.url}/products/item-2`;
    await page.fill('form[aria-label="New audit"] input[name="audit-url"]', url);
    await page.click('[data-action="start-audit"]');
    await page.waitForURL(/#\/audits\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const id = page.url().split('/').pop()!;
    await page.waitForSelector(`section[data-audit-id="${id}"]`);
    const audit = await call<{ audit: { url: string; final_url: string } }>(api, 'GET', `/audits/${id}`);
    expect(audit.json.audit.final_url).toBe(url);
    await page.close();
  });

  it('the report frame is as tall as the report, with no empty band below it', async () => {
    const page = await open(`#/crawls/${crawlId}`);
    await page.waitForSelector('[data-testid="report-frame"]');
    const gap = () =>
      page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>('[data-testid="report-frame"]')!;
        const root = frame.contentDocument?.documentElement;
        return root && root.getBoundingClientRect().height > 300
          ? frame.getBoundingClientRect().height - root.getBoundingClientRect().height
          : null;
      });
    await page.waitForFunction(
      () => (document.querySelector<HTMLIFrameElement>('[data-testid="report-frame"]')?.contentDocument?.body?.childElementCount ?? 0) > 0,
    );
    // Narrow first (the report lays out taller), then wide again: the frame follows down, not only up.
    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForTimeout(300);
    await page.setViewportSize({ width: 1280, height: 900 });
    await until(
      'the frame to fit',
      async () => {
        const g = await gap();
        return g !== null && g >= 0 && g <= 16;
      },
      { timeoutMs: 10_000, everyMs: 100 },
    );
    await page.close();
  });

  it('the crawl\'s report lists three example pages of an issue and counts the rest as "and N more"', async () => {
    const rule = 'content.image-alt';
    const issue = issues.find((i) => i.rule === rule)!;
    const page = await open(`#/crawls/${crawlId}`);
    await page.waitForSelector('[data-testid="report-frame"]');
    const examples = page.frameLocator('[data-testid="report-frame"]').locator(`.crawl-issues tr[data-rule="${rule}"] .examples li`);
    await examples.first().waitFor();
    expect(await examples.count()).toBe(4); // three pages and the count of the rest
    expect(await examples.last().textContent()).toBe(`and ${issue.pages - 3} more`);
    await page.close();
  });

  it('a monitor shows its last score and the change since the run before', async () => {
    const url = `${site.site.url}/docs/page-2`;
    const made = await call<{ monitor: { id: string } }>(api, 'POST', '/monitors', { url, kind: 'audit', every: 'week' });
    const id = made.json.monitor.id;
    const runOnce = async (previous: string | null) => {
      expect((await call(api, 'POST', `/monitors/${id}/run`)).status).toBeLessThan(300);
      return until(
        'the monitor run',
        async () => {
          const m = (
            await call<{ monitors: Array<{ id: string; last_result_id: string | null; running: boolean }> }>(api, 'GET', '/monitors')
          ).json.monitors.find((x) => x.id === id)!;
          return !m.running && m.last_result_id && m.last_result_id !== previous ? m.last_result_id : false;
        },
        { timeoutMs: 60_000, everyMs: 200 },
      );
    };
    const second = await runOnce(await runOnce(null));
    const audit = (await call<{ audit: { score: number } }>(api, 'GET', `/audits/${second}`)).json.audit;
    const page = await open('#/monitors');
    const cell = page.locator(`tr[data-monitor-id="${id}"] [data-last-score]`);
    await cell.waitFor();
    expect(await cell.getAttribute('data-last-score')).toBe(String(audit.score));
    expect(await cell.getAttribute('data-trend')).toBe('0'); // the same page, unchanged: no change
    expect(await cell.textContent()).toBe(`${audit.score} no change`);
    await page.close();
  });

  it('the Client filter narrows the crawls and the share links to one project, or shows them all', async () => {
    const other = await call<{ project: { id: string } }>(api, 'POST', '/projects', { name: 'Other Co', domain: 'other.example' });
    const share = await call<{ share: { id: string } }>(api, 'POST', `/crawls/${crawlId}/share`, {});
    expect([other.status, share.status]).toEqual([201, 201]);
    for (const [hash, row] of [
      ['#/crawls', `tr[data-crawl-id="${crawlId}"]`],
      ['#/shares', `tr[data-share-id="${share.json.share.id}"]`],
    ]) {
      const page = await open(hash!);
      await page.waitForSelector(row!);
      // The crawled site is on 127.0.0.1, no project's domain: choosing a client leaves none of its rows.
      await page.selectOption('select[data-action="filter-project"]', other.json.project.id);
      await page.waitForSelector(row!, { state: 'detached' });
      expect(await page.textContent('[data-state="empty"]')).toBe('None for this client. Choose “All clients” to see them all.');
      // The chosen client's name is not cut off: the select is wider than the name in its own font, with room for the arrow.
      const fit = await page.$eval('select[data-action="filter-project"]', (select) => {
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(select).font;
        probe.textContent = (select as HTMLSelectElement).selectedOptions[0]!.text;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        return { select: select.getBoundingClientRect().width, text };
      });
      expect(fit.select).toBeGreaterThan(fit.text + 24);
      await screenshot(page, `dashboard-client-filter-${hash!.slice(2)}`);
      await page.selectOption('select[data-action="filter-project"]', '');
      await page.waitForSelector(row!);
      await page.close();
    }
  });

  it("a project's prompt: Check now starts a citation check; Delete asks first, naming it", async () => {
    const project = await call<{ project: { id: string } }>(api, 'POST', '/projects', { name: 'Kettle Co', domain: 'kettle.example' });
    const prompt = await call<{ prompt: { id: string } }>(api, 'POST', '/prompts', {
      text: 'quietest electric kettle',
      project_id: project.json.project.id,
    });
    const page = await open(`#/projects/${project.json.project.id}`);
    await page.waitForSelector(`li[data-prompt-id="${prompt.json.prompt.id}"]`);
    await page.click('[data-action="check-now"]');
    const status = await page.waitForSelector('[data-action="check-now"] ~ .ok[role="status"]');
    expect((await call(api, 'GET', `/citations/checks/${await status.getAttribute('data-check-id')}`)).status).toBe(200);
    await page.click(`li[data-prompt-id="${prompt.json.prompt.id}"] [data-action="delete-prompt"]`);
    await answerConfirm(page, true, /Stop tracking “quietest electric kettle”\?/);
    await page.waitForFunction(() => !document.querySelector('li[data-prompt-id]'));
    expect((await call(api, 'GET', `/prompts/${prompt.json.prompt.id}`)).status).toBe(404);
    await page.close();
  });
});
