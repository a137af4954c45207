import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../shared/audit/run-audit.js';
import { probedAgents } from '../../shared/crawlers/probe-selection.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { EDGE_PATHS, TARGET, startEdgeFixture } from '../helpers/edge-fixture.js';
import { firefoxAvailable, firefoxScreenshot, launchFirefox, type FirefoxSession } from './helpers/firefox.js';

/** Code passed to evaluate runs in an extension page of Firefox, where the API is the `browser` global. */
declare const browser: typeof chrome;

/**
 * The same comparison as edge-probes.test.ts in Firefox ESR: the store build's declarativeNetRequest session rule sets
 * each agent's User-Agent on the extension's own requests once host access to the site is granted (here through the
 * options page, whose Save asks for it; automation cannot press the toolbar button, docs/research/extension-testing.md).
 */
describe.skipIf(!firefoxAvailable)('Firefox ESR: what each agent is served, as the server sees it', () => {
  let ff: FirefoxSession;
  let site: FixtureSite;
  beforeAll(async () => {
    [ff, site] = await Promise.all([launchFirefox(), startEdgeFixture()]);
    const options = await ff.openExtensionPage('options.html', '#backend');
    await options.type('#backend', site.url.replace(/^http:\/\//, ''));
    await options.type('#key', 'ctb_not_a_real_key');
    await options.click('button[type="submit"]');
    await options.waitForFunction(() => /Saved/.test(document.querySelector('#save-status')?.textContent ?? ''));
    expect(await options.evaluate(() => browser.permissions.contains({ origins: ['http://127.0.0.1/*'] }))).toBe(true);
  });
  afterAll(async () => {
    await ff?.close();
    await site?.close();
  });

  it.each(['/forbidden', '/rate-limited', '/ok'] as const)('%s', async (path) => {
    const url = `${site.url}${path}`;
    const server = await runAudit(url, { fetcher: createNodeFetcher({ allowPrivate: true }), origin: 'server' });
    const { tabId } = await ff.openTab(url);
    const popup = await ff.openExtensionPage(`popup.html?tabId=${tabId}`, 'article.report');
    const inPopup: Record<string, string> = {};
    const onServer: Record<string, string> = {};
    for (const agent of probedAgents('sample')) {
      inPopup[agent] = await popup.$eval(`tr[data-agent="${agent}"] td[data-served]`, (td) => td.getAttribute('data-served') ?? 'missing');
      onServer[agent] = server.crawlers.find((c) => c.agent === agent)?.served?.outcome ?? 'not probed';
    }
    expect(inPopup).toEqual(onServer);
    expect(inPopup[TARGET]).toBe(EDGE_PATHS[path]);
    if (path === '/forbidden') await firefoxScreenshot(popup, 'firefox-popup-edge-probes');
  });

  it('leaves no declarativeNetRequest rule behind', async () => {
    expect(await ff.inExtension(() => browser.declarativeNetRequest.getSessionRules(), null)).toEqual([]);
  });
});
