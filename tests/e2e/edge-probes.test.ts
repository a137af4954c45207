import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../shared/audit/run-audit.js';
import { probedAgents } from '../../shared/crawlers/probe-selection.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { EDGE_PATHS, TARGET, startEdgeFixture } from '../helpers/edge-fixture.js';
import { screenshot } from './fixtures/screenshots.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';

/** The paths compared (the 5 MB page and the slow drip only take time: the API and CLI tests cover them). */
const PATHS = Object.keys(EDGE_PATHS).filter((p) => p !== '/big' && p !== '/drip') as Array<keyof typeof EDGE_PATHS>;

/**
 * The popup's crawler table against the server's audit of the same loopback site: the extension sets each agent's
 * User-Agent with a declarativeNetRequest session rule on its own requests, and must see what the server sees.
 */
describe('popup: what each agent is served, as the server sees it', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startEdgeFixture();
    session = await launchWithExtension();
  });
  afterAll(async () => {
    await session?.close();
    await site?.close();
  });

  it.each(PATHS)('%s', async (path) => {
    const url = `${site.url}${path}`;
    const server = await runAudit(url, { fetcher: createNodeFetcher({ allowPrivate: true }), origin: 'server' });
    const { tabId } = await openTab(session, url);
    const popup = await openPopupFor(session, tabId);
    const inPopup: Record<string, string> = {};
    const onServer: Record<string, string> = {};
    for (const agent of probedAgents('sample')) {
      inPopup[agent] = (await popup.getAttribute(`tr[data-agent="${agent}"] td[data-served]`, 'data-served')) ?? 'missing';
      onServer[agent] = server.crawlers.find((c) => c.agent === agent)?.served?.outcome ?? 'not probed';
    }
    expect(inPopup).toEqual(onServer);
    expect(inPopup[TARGET]).toBe(EDGE_PATHS[path]);
    // An agent outside the sample was not probed: no answer, in either.
    expect(await popup.getAttribute('tr[data-agent="Googlebot"] td[data-served]', 'data-served')).toBe('');
    expect(await popup.textContent('[data-testid="probe-note"]')).toMatch(/cannot see rules that verify crawlers by IP address/);
    if (path === '/forbidden') {
      await popup.click('#crawlers summary');
      await popup.locator('#crawlers table.crawlers').scrollIntoViewIfNeeded();
      expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
      expect(existsSync(await screenshot(popup, 'popup-edge-probes'))).toBe(true);
    }
  });

  it('leaves no declarativeNetRequest rule behind', async () => {
    const rules = await session.worker.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
    expect(rules).toEqual([]);
  });
});
