import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH } from '../fixtures/sites/good-article.js';
import { webmcpBundleSite } from '../fixtures/sites/webmcp-sites.js';
import { runtimeOnlyWebmcpSite } from './fixtures/runtime-webmcp-site.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';
import { expectAudit, sendAuditMessage } from './helpers/send-audit.js';

/**
 * The deep probe's document_start recorder against Chromium's native WebMCP (--enable-features=WebMCP).
 * Granting <all_urls> needs a person at a permission prompt, so the test registers the same recorder
 * file the way the extension does, limited to loopback (which the e2e build may script).
 */
describe('deep probe (native WebMCP)', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  let polyfilled: FixtureSite;
  beforeAll(async () => {
    [site, polyfilled] = await Promise.all([serveSite(webmcpBundleSite), serveSite(runtimeOnlyWebmcpSite)]);
    session = await launchWithExtension(['--enable-features=WebMCP']);
    await session.worker.evaluate(() =>
      chrome.scripting.registerContentScripts([
        {
          id: 'citable-deep-probe',
          js: ['deep-recorder.js'],
          matches: ['http://127.0.0.1/*'],
          runAt: 'document_start',
          world: 'MAIN',
          persistAcrossSessions: false,
        },
      ]),
    );
  });
  afterAll(async () => {
    await session?.close();
    await Promise.all([site?.close(), polyfilled?.close()]);
  });

  it('records the registration with its script location and matches it to the static evidence', async () => {
    const { page, tabId } = await openTab(session, `${site.url}${ARTICLE_PATH}`);
    await page.waitForFunction(() => (document as unknown as { modelContext?: unknown }).modelContext !== undefined);
    const audit = expectAudit(await sendAuditMessage(session, tabId));
    const runtime = audit.signals.webmcp.runtime!;
    expect(runtime).toMatchObject({ apiAvailable: true, surface: 'document', polyfill: false, deepProbe: true });
    const tool = runtime.tools.find((t) => t.name === 'add_to_cart');
    expect(tool?.via).toBe('native');
    expect(tool?.stack?.[0]).toContain(`${site.url}/assets/app-8c1f2e.js:`);
    expect(audit.signals.webmcp.status).toBe('detected');

    const popup = await openPopupFor(session, tabId);
    expect(await popup.textContent('[data-testid="webmcp-api"]')).toBe('document.modelContext');
    expect(await popup.textContent('ul[aria-label="Where runtime tools were registered"]')).toMatch(
      /add_to_cart: app-8c1f2e\.js:\d+:\d+ \(matches static evidence\)/,
    );
    await screenshot(popup, 'popup-webmcp-deep-probe');
  });

  it('calls a polyfill a polyfill even where the browser has the native API and the recorder wrapped it', async () => {
    const { page, tabId } = await openTab(session, `${polyfilled.url}${ARTICLE_PATH}`);
    await page.waitForSelector('html[data-tools-ready="1"]');
    // The page's own object replaced the browser's; the recorder wrapped its methods in Proxies.
    const runtime = expectAudit(await sendAuditMessage(session, tabId)).signals.webmcp.runtime!;
    expect(runtime).toMatchObject({ apiAvailable: true, surface: 'document', polyfill: true, deepProbe: true });
    expect(runtime.tools.find((t) => t.name === 'book_tasting')?.via).toBe('polyfill');
  });
});
