import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { fixesSite } from '../fixtures/sites/fixes-site.js';
import { ARTICLE_PATH } from '../fixtures/sites/good-article.js';
import { until } from '../helpers/until.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { call, createReadOnlyKey, setBackend } from './helpers/backend.js';
import type { ExtensionSession } from './helpers/extension.js';
import { launchStoreBuild } from './helpers/toolbar.js';

interface Fix {
  id: string;
  rules: string[];
  title: string;
  content: string;
}

/**
 * The fixes of an audit and of a crawl in dashboard.html of the store build, against the real server reading a
 * loopback site that needs every kind of fix: each under its issue with a copy button, the head before and
 * after, the archive, the report in the frame showing them too; a read-only key reads them as well.
 */
describe.skipIf(!serverAvailable)('dashboard: fixes', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  let api: ApiServer;
  let auditId = '';

  const open = async (hash: string, width = 1280): Promise<Page> => {
    const page = await session.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html${hash}`);
    return page;
  };

  beforeAll(async () => {
    [site, api] = await Promise.all([serveSite(fixesSite), startApiServer()]);
    const audit = await call<{ audit: { id: string } }>(api, 'POST', '/audits', { url: `${site.url}${ARTICLE_PATH}` });
    expect(audit.status).toBe(201);
    auditId = audit.json.audit.id;
    session = await launchStoreBuild();
    await setBackend(session, api.url, api.key);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await Promise.all([api?.dispose(), site?.close()]);
  });

  it("an audit's fixes under their issues, copied with one click, the head before and after, all in one archive", async () => {
    const expected = (await call<{ fixes: Fix[] }>(api, 'GET', `/audits/${auditId}/fixes`)).json.fixes;
    const page = await open(`#/audits/${auditId}`);
    await page.waitForSelector('[data-testid="fixes"] .fix-card');
    expect(await page.locator('.fix-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-fix-id')).sort())).toEqual(
      expected.map((f) => f.id).sort(),
    );
    const robots = expected.find((f) => f.title === 'robots.txt')!;
    const group = page.locator('section.fix-group', { has: page.locator(`[data-fix-id="${robots.id}"]`) });
    const audit = (await call<{ audit: { issues: Array<{ rule: string; title: string }> } }>(api, 'GET', `/audits/${auditId}`)).json.audit;
    expect(await group.locator('h3').textContent()).toContain(audit.issues.find((i) => i.rule === 'robots.search-agents-blocked')!.title);
    await page.click(`[data-fix-id="${robots.id}"] [data-action="copy-fix"]`);
    await page.waitForSelector(`[data-fix-id="${robots.id}"] [role="status"]:has-text("Copied")`);
    // What the clipboard holds, pasted as a user would (reading it through the API needs a permission extension pages cannot be granted).
    await page.evaluate(() => {
      const t = document.createElement('textarea');
      t.id = 'paste-check';
      document.body.appendChild(t);
      t.focus();
    });
    await page.keyboard.press('Control+V');
    expect(await page.inputValue('#paste-check')).toBe(robots.content);
    await page.evaluate(() => document.getElementById('paste-check')!.remove());

    const head = expected.find((f) => f.title === 'Head tags')!;
    await page.click(`[data-fix-id="${head.id}"] .fix-preview summary`);
    expect(await page.locator(`[data-fix-id="${head.id}"] .fix-preview pre`).nth(1).textContent()).toContain('<link rel="canonical"');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="download-fixes"]')]);
    expect(download.suggestedFilename()).toMatch(/^citable-fixes-127\.0\.0\.1_\d+-\d{4}-\d\d-\d\d\.zip$/);
    const frame = page.frameLocator('[data-testid="report-frame"]');
    await frame.locator(`article[data-rule="robots.search-agents-blocked"] .fix[data-fix-id="${robots.id}"]`).waitFor();
    await screenshot(page, 'dashboard-audit-fixes');
    await page.setViewportSize({ width: 640, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(640);
    await screenshot(page, 'dashboard-audit-fixes-640');
    await page.close();
  });

  it("a crawl's fixes: llms.txt from every page it audited", async () => {
    const started = await call<{ crawl: { id: string } }>(api, 'POST', '/crawls', { url: `${site.url}/`, max_pages: 10 });
    expect(started.status).toBe(202);
    const id = started.json.crawl.id;
    await until(
      'the crawl to end',
      async () => (await call<{ crawl: { status: string } }>(api, 'GET', `/crawls/${id}`)).json.crawl.status === 'complete',
      {
        timeoutMs: 60_000,
        everyMs: 200,
      },
    );
    const page = await open(`#/crawls/${id}`);
    await page.waitForSelector('[data-testid="fixes"] .fix-card');
    const llms = await page
      .locator('.fix-card', { has: page.locator('strong:text-is("llms.txt")') })
      .locator('pre')
      .textContent();
    for (const title of ['Coffee brewing guides', 'About Brew Notes', 'How to brew pour-over coffee'])
      expect(llms).toContain(`[${title}](`);
    await screenshot(page, 'dashboard-crawl-fixes');
    await page.close();
  });

  it('a read-only key reads the fixes too, by keyboard', async () => {
    await setBackend(session, api.url, createReadOnlyKey(api));
    const page = await open(`#/audits/${auditId}`);
    await page.waitForSelector('[data-testid="fixes"] .fix-card');
    expect(await page.locator('[data-state="error"]').count()).toBe(0);
    await page.focus('[data-action="download-fixes"]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('copy-fix');
    await page.close();
    await setBackend(session, api.url, api.key);
  });
});
