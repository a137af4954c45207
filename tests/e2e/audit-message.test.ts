import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { serveSite } from './fixtures/serve.js';
import { launchWithExtension, openTab, openTabById, type ExtensionSession } from './helpers/extension.js';
import { expectAudit, sendAuditMessage } from './helpers/send-audit.js';

/** docs/api-decisions.md#extension: the background answers {type: "citable:audit", tabId} with the Audit. */
describe('background audit message', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await serveSite(goodArticleSite);
    session = await launchWithExtension();
  });
  afterAll(async () => {
    await session?.close();
    await site?.close();
  });

  it('answers with an extension audit of the tab, runtime probe filled', async () => {
    const { tabId } = await openTab(session, `${site.url}${ARTICLE_PATH}`);
    const audit = expectAudit(await sendAuditMessage(session, tabId));
    expect(audit.origin).toBe('extension');
    expect(audit.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(audit.final_url).toBe(`${site.url}${ARTICLE_PATH}`);
    expect(audit.category_scores.map((c) => c.name)).toEqual([
      'Crawler Access',
      'Rendering',
      'Structured Data',
      'Content Structure',
      'AI Discovery',
      'Trust',
    ]);
    expect(audit.signals.webmcp.runtime).toMatchObject({ apiAvailable: false, tools: [], surface: 'none' });
    // The raw HTML and site files came from the fixture server, not from the tab's memory.
    const paths = site.requests.map((r) => r.path);
    expect(paths.filter((p) => p === ARTICLE_PATH).length).toBeGreaterThanOrEqual(2);
    expect(paths).toEqual(expect.arrayContaining(['/robots.txt', '/llms.txt', '/sitemap.xml']));
  });

  it('fetches site files through the tab when the extension has no host access of its own', async () => {
    const { tabId } = await openTab(session, `${site.url}${ARTICLE_PATH}`);
    const robotsFetch = () => site.requests.filter((r) => r.path === '/robots.txt').at(-1)!;
    const viaTab = expectAudit(await sendAuditMessage(session, tabId, 'tab'));
    // Same-origin from inside the page: what works with activeTab alone.
    expect(robotsFetch().headers['sec-fetch-site']).toBe('same-origin');
    const direct = expectAudit(await sendAuditMessage(session, tabId, 'extension'));
    expect(robotsFetch().headers['sec-fetch-site']).not.toBe('same-origin');
    expect(robotsFetch().headers.cookie).toBeUndefined();
    expect(viaTab.category_scores).toEqual(direct.category_scores);
    expect(viaTab.llms_txt).toEqual(direct.llms_txt);
    expect(viaTab.crawlers).toEqual(direct.crawlers);
  });

  it('answers a page the browser protects with a plain restricted message', async () => {
    const { tabId } = await openTabById(session, 'chrome://version');
    const answer = await sendAuditMessage(session, tabId);
    expect(answer).toMatchObject({ restricted: true });
    expect('error' in answer && answer.error).toMatch(/cannot be audited/i);
  });
});
