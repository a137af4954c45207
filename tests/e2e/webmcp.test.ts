import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH } from '../fixtures/sites/good-article.js';
import { webmcpDeclarativeSite } from '../fixtures/sites/webmcp-sites.js';
import { serveSite } from './fixtures/serve.js';
import { runtimeOnlyWebmcpSite } from './fixtures/runtime-webmcp-site.js';
import { screenshot } from './fixtures/screenshots.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';
import { expectAudit, sendAuditMessage } from './helpers/send-audit.js';

/** WebMCP static and runtime side by side, on pages only a live browser can judge. */
describe('WebMCP runtime probe', () => {
  let session: ExtensionSession;
  let runtimeOnly: FixtureSite;
  let declarative: FixtureSite;
  beforeAll(async () => {
    [runtimeOnly, declarative] = await Promise.all([serveSite(runtimeOnlyWebmcpSite), serveSite(webmcpDeclarativeSite)]);
    session = await launchWithExtension();
  });
  afterAll(async () => {
    await session?.close();
    await Promise.all([runtimeOnly?.close(), declarative?.close()]);
  });

  it('finds tools registered only at run time: static not found, runtime detected, final detected from runtime', async () => {
    const { page, tabId } = await openTab(session, `${runtimeOnly.url}${ARTICLE_PATH}`);
    await page.waitForSelector('html[data-tools-ready="1"]');
    const audit = expectAudit(await sendAuditMessage(session, tabId));
    const webmcp = audit.signals.webmcp;
    expect(webmcp.runtime).toMatchObject({ apiAvailable: true, surface: 'document', polyfill: true });
    expect(webmcp.runtime!.tools.map((t) => t.name)).toEqual(['book_tasting']);
    expect(webmcp.evidence.filter((e) => e.location.type !== 'runtime' && e.registers)).toEqual([]);
    expect(webmcp.status).toBe('detected');
    expect(webmcp.source).toBe('runtime');

    const popup = await openPopupFor(session, tabId);
    expect(await popup.textContent('[data-testid="webmcp-static"]')).toBe('not found');
    expect(await popup.textContent('[data-testid="webmcp-runtime-tools"]')).toBe('book_tasting');
    expect(await popup.textContent('[data-testid="webmcp-status"]')).toBe('Detected');
    expect(await popup.textContent('[data-testid="webmcp-source"]')).toBe('runtime');
    await screenshot(popup, 'popup-webmcp-runtime-only');
  });

  it('reads a declarative form from the live DOM even without the API', async () => {
    const { tabId } = await openTab(session, `${declarative.url}${ARTICLE_PATH}`);
    const audit = expectAudit(await sendAuditMessage(session, tabId));
    const runtime = audit.signals.webmcp.runtime!;
    expect(runtime.apiAvailable).toBe(false);
    expect(runtime.declarativeForms).toEqual(['search_guides']);
    expect(runtime.tools).toEqual([{ name: 'search_guides', description: 'Search the coffee brewing guides', via: 'declarative' }]);
    expect(audit.signals.webmcp.status).toBe('detected');
  });
});
