import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import { until } from '../helpers/until.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { axeViolations } from './helpers/axe.js';
import { call } from './helpers/backend.js';
import { accessLog, uploadLog } from './helpers/traffic-log.js';
import { firefoxAvailable, firefoxScreenshot, launchFirefox, type FirefoxSession } from './helpers/firefox.js';

interface Issue {
  rule: string;
  pages: number;
}

/** Polls a condition in the page by hand (Firefox's BiDi can fail a query while a view re-renders). */
async function waitIn(page: Page, what: string, fn: () => boolean): Promise<void> {
  await until(what, async () => (await page.evaluate(fn).catch(() => false)) === true, { timeoutMs: 30_000, everyMs: 50 });
}

/**
 * The dashboard in Firefox ESR (store build) against the real server: a crawl's issue opens every page that
 * has it, a table sorts and exports CSV, a delete asks first and names what goes, and the screens pass axe
 * in the light and (Firefox's dark preference) the dark scheme. Chromium covers the same in
 * dashboard-drilldown.test.ts and screens.test.ts.
 */
describe.skipIf(!firefoxAvailable || !serverAvailable)('Firefox ESR: the dashboard', () => {
  let ff: FirefoxSession;
  let api: ApiServer;
  let site: TemplatedSite;
  let crawlId = '';
  let issues: Issue[] = [];
  let webhookUrl = '';

  const dashboard = async (hash: string, ready: string): Promise<Page> => {
    const page = await ff.openExtensionPage(`dashboard.html${hash}`, ready);
    await page.setViewport({ width: 1280, height: 900 });
    return page;
  };

  beforeAll(async () => {
    [ff, api, site] = await Promise.all([
      launchFirefox(),
      startApiServer(),
      startTemplatedSite({ blog: 6, blogFr: 1, products: 3, docs: 5 }),
    ]);
    const started = await call<{ crawl: { id: string } }>(api, 'POST', '/crawls', { url: `${site.site.url}/`, max_pages: 40 });
    crawlId = started.json.crawl.id;
    issues = await until(
      'the crawl to finish',
      async () => {
        const c = (await call<{ crawl: { status: string; issues: Issue[] } }>(api, 'GET', `/crawls/${crawlId}`)).json.crawl;
        return c.status === 'complete' && c.issues;
      },
      { timeoutMs: 90_000, everyMs: 200 },
    );
    webhookUrl = `${site.site.url}/hooks/citable`;
    expect((await call(api, 'POST', '/webhooks', { url: webhookUrl, events: ['audit.completed'] })).status).toBe(201);
    // The backend as a user sets it: typed into Options and saved (the permission is granted from the click).
    const options = await ff.openExtensionPage('options.html', '#backend');
    await options.type('#backend', api.url);
    await options.type('#key', api.key);
    await options.click('button[type="submit"]');
    await waitIn(options, 'Options to save', () => /Saved/.test(document.querySelector('#save-status')?.textContent ?? ''));
    await options.close();
  }, 150_000);
  afterAll(async () => {
    await ff?.close();
    await Promise.all([api?.dispose(), site?.site.close()]);
  });

  it("a crawl's issue opens every page that has it; the pages sort, and export as the server's CSV", async () => {
    const rule = 'content.image-alt';
    const issue = issues.find((i) => i.rule === rule)!;
    const page = await dashboard(`#/crawls/${crawlId}`, '.crawl-issues tr[data-rule]');
    expect(await page.$$eval('.crawl-issues tbody tr', (rows) => rows.length)).toBe(issues.length);
    await page.click(`.crawl-issues tr[data-rule="${rule}"] [data-action="issue-pages"]`);
    await waitIn(page, 'every page of the issue', () => document.querySelectorAll('tr[data-url]').length > 0);
    await until('every page of the issue', async () => (await page.$$('tr[data-url]')).length === issue.pages, { timeoutMs: 30_000 });
    await page.click('th[data-col="page"] button');
    expect(await page.$eval('th[data-col="page"]', (th) => th.getAttribute('aria-sort'))).toBe('ascending');
    const urls = await page.$$eval('tr[data-url]', (rows) => rows.map((r) => r.getAttribute('data-url')!));
    expect(urls).toEqual([...urls].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })));
    // What the Export CSV click saves: the download link it clicks, read before the page revokes it.
    await page.evaluate(() => {
      const w = window as unknown as { saved?: Promise<{ name: string; text: string }> };
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (this.download) w.saved = fetch(this.href).then(async (r) => ({ name: this.download, text: await r.text() }));
        else click.call(this);
      };
    });
    await page.click('[data-action="export-csv"]');
    await waitIn(page, 'the export', () => !!(window as unknown as { saved?: unknown }).saved);
    const saved = await page.evaluate(() => (window as unknown as { saved: Promise<{ name: string; text: string }> }).saved);
    expect(saved.name).toMatch(/^citable-crawl-pages-content\.image-alt-\d{4}-\d{2}-\d{2}\.csv$/);
    const server = await fetch(`${api.url}/api/v1/crawls/${crawlId}/pages.csv?rule=${rule}`, {
      headers: { authorization: `Bearer ${api.key}` },
    });
    expect(saved.text).toBe(await server.text());
    expect(saved.text.split('\r\n')).toHaveLength(issue.pages + 2);
    expect(await axeViolations(page)).toEqual([]);
    await firefoxScreenshot(page, 'firefox-dashboard-issue-pages');
    await page.close();
  });

  it('deleting a webhook asks first and names it; keeping it keeps it', async () => {
    const page = await dashboard('#/webhooks', 'tr[data-webhook-id]');
    await page.click('tr[data-webhook-id] [data-action="delete"]');
    await waitIn(page, 'the confirmation', () => !!document.querySelector('dialog[data-testid="confirm"][open]'));
    const text = await page.$eval('dialog[data-testid="confirm"]', (d) => d.textContent ?? '');
    expect(text).toContain(webhookUrl.replace(/^http:\/\//, ''));
    expect(text).toMatch(/secret/i);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-choice'))).toBe('keep');
    expect(await axeViolations(page)).toEqual([]);
    await page.click('dialog[data-testid="confirm"] [data-choice="keep"]');
    await waitIn(page, 'the dialog to close', () => !document.querySelector('dialog[data-testid="confirm"][open]'));
    expect((await call<{ webhooks: unknown[] }>(api, 'GET', '/webhooks')).json.webhooks).toHaveLength(1);
    await page.click('tr[data-webhook-id] [data-action="delete"]');
    await waitIn(page, 'the confirmation', () => !!document.querySelector('dialog[data-testid="confirm"][open]'));
    await page.click('dialog[data-testid="confirm"] [data-choice="confirm"]');
    await until('the webhook to go', async () => (await call<{ webhooks: unknown[] }>(api, 'GET', '/webhooks')).json.webhooks.length === 0);
    await page.close();
  });

  it("a project's prompt: Check now runs to its end and each engine's result shows, with no axe violation", async () => {
    const project = await call<{ project: { id: string } }>(api, 'POST', '/projects', { name: 'Kettle Co', domain: 'kettle.example' });
    const prompt = await call<{ prompt: { id: string } }>(api, 'POST', '/prompts', {
      text: 'quietest electric kettle',
      project_id: project.json.project.id,
    });
    const li = `li[data-prompt-id="${prompt.json.prompt.id}"]`;
    const page = await dashboard(`#/projects/${project.json.project.id}`, li);
    await page.click(`${li} [data-action="check-now"]`);
    await waitIn(page, 'the check to end and its results', () => document.querySelectorAll('table.prompt-results tbody tr').length > 0);
    expect(await page.$eval(`${li} [data-check-status]`, (e) => e.getAttribute('data-check-status'))).toBe('completed');
    expect(await axeViolations(page)).toEqual([]);
    await firefoxScreenshot(page, 'firefox-dashboard-prompt-citations');
    await page.close();
  });

  it("a project's traffic: the agents with a spoofed one, the chart, no axe violation", async () => {
    const project = await call<{ project: { id: string } }>(api, 'POST', '/projects', { name: 'Brew Notes', domain: 'brew.example' });
    const id = project.json.project.id;
    await uploadLog(api, id, accessLog().text);
    const page = await dashboard(`#/projects/${id}/traffic`, 'tr[data-agent="OAI-SearchBot"]');
    expect(await page.$eval('tr[data-agent="OAI-SearchBot"]', (r) => r.getAttribute('data-verdict'))).toBe('spoofed');
    expect(await page.$eval('tr[data-agent="GPTBot"]', (r) => r.getAttribute('data-verdict'))).toBe('verified');
    expect(await page.$$eval('.chart g[data-column]', (g) => g.length)).toBe(6);
    expect(await axeViolations(page)).toEqual([]);
    await firefoxScreenshot(page, 'firefox-dashboard-traffic');
    await page.close();
  });

  it('in the dark scheme: the dashboard and Options turn dark, with no axe violation', async () => {
    // Firefox's BiDi cannot emulate a media feature: a second Firefox whose preferences ask pages for dark.
    const dark = await launchFirefox({ 'layout.css.prefers-color-scheme.content-override': 0, 'ui.systemUsesDarkTheme': 1 });
    try {
      await dark.inExtension(
        async (s) => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.set({ settings: s }),
        await ff.inExtension(
          async () => (await (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.get('settings')).settings,
          null,
        ),
      );
      for (const [path, ready] of [
        [`dashboard.html#/crawls/${crawlId}`, '.crawl-issues tr[data-rule]'],
        ['options.html', '#backend'],
      ] as const) {
        const page = await dark.openExtensionPage(path, ready);
        await page.setViewport({ width: 1280, height: 900 });
        const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        const [r, g, b] = background.match(/\d+/g)!.map(Number);
        expect(r! + g! + b!, `${path}: ${background}`).toBeLessThan(150);
        expect(await axeViolations(page)).toEqual([]);
        await firefoxScreenshot(page, `firefox-dark-${path.replace(/\W.*$/, '')}`);
        await page.close();
      }
    } finally {
      await dark.close();
    }
  });
});
