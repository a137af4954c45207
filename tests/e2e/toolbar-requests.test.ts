import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureRequest, FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import type { Audit } from '../../shared/types/audit.js';
import { serveSite } from './fixtures/serve.js';
import type { ExtensionSession } from './helpers/extension.js';
import { ToolbarClock } from './helpers/toolbar-clock.js';
import { launchStoreBuild } from './helpers/toolbar.js';
import { REPORT_PAINT_NAME } from '../../extension/components/paint-timing.js';

/**
 * What one real toolbar click asks of the audited site (the store build, the icon pinned to the toolbar
 * of a desktop-wide window, as the click benchmark measures it): each file once, and the site files read
 * again by the next audit (a fixed robots.txt is seen at once, never an earlier audit's copy).
 */
describe('store build, pinned icon: the requests of one click', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  let robots = 'User-agent: *\nAllow: /\n';
  let page: Page;
  let clock: ToolbarClock;

  beforeAll(async () => {
    site = await serveSite((origin) => ({
      ...goodArticleSite(origin),
      // Read on every request: the test changes it between two audits.
      '/robots.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`${robots}\nSitemap: ${origin}/sitemap.xml\n`);
      },
    }));
    session = await launchStoreBuild([], { pinned: true });
    page = await session.context.newPage();
    await page.goto(`${site.url}${ARTICLE_PATH}?run=0`, { waitUntil: 'load' });
    clock = await ToolbarClock.open(session, page);
    await clock.widen(1280);
  });
  afterAll(async () => {
    await clock?.close();
    await session?.close();
    await site?.close();
  });

  /** Loads `url` in the tab, clicks the icon, and returns the requests the site received for the audit. */
  const audit = async (url: string): Promise<{ requests: FixtureRequest[]; audit: Audit }> => {
    await page.goto(url, { waitUntil: 'load' });
    const from = site.requests.length;
    const timing = await clock.click('article.report', REPORT_PAINT_NAME);
    expect(timing.painted, 'the browser recorded the report being painted').not.toBeNull();
    const stored = await session.worker.evaluate(async () => {
      const { records } = await chrome.storage.local.get('records');
      const id = (records as Array<{ id: string }>)[0]!.id;
      return (await chrome.storage.local.get(`audit:${id}`))[`audit:${id}`] as never;
    });
    return { requests: site.requests.slice(from), audit: stored as Audit };
  };
  const key = (r: FixtureRequest) => `${r.path} [${String(r.headers.accept ?? '')}]`;

  it('asks for each file once (the page twice: as HTML and as Markdown)', async () => {
    const { requests, audit: first } = await audit(`${site.url}${ARTICLE_PATH}?run=1`);
    const asked = requests.map(key);
    const twice = asked.filter((k, i) => asked.indexOf(k) !== i);
    expect(twice, `requests: ${asked.join(', ')}`).toEqual([]);
    const paths = requests.map((r) => r.path);
    // The page (as HTML and as Markdown), the site files and what they name: every one of them read.
    for (const p of [ARTICLE_PATH, '/robots.txt', '/llms.txt', '/sitemap.xml', '/assets/site.js']) expect(paths).toContain(p);
    expect(paths.filter((p) => p === ARTICLE_PATH)).toHaveLength(2);
    expect(first.final_url).toBe(`${site.url}${ARTICLE_PATH}?run=1`);
  });

  it('reads robots.txt again on the next audit of the origin, and judges the new file', async () => {
    const before = await audit(`${site.url}${ARTICLE_PATH}?run=2`);
    expect(before.requests.map((r) => r.path)).toContain('/robots.txt');
    expect(before.audit.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('allowed');

    robots = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    const after = await audit(`${site.url}${ARTICLE_PATH}?run=3`);
    expect(after.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
    expect(after.audit.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('blocked');
  });
});
