import { afterEach, describe, expect, it } from 'vitest';
import { gather } from '../../../shared/gather/gather.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { webmcpSignal } from '../../../shared/webmcp/signal.js';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { ARTICLE_PATH } from '../../fixtures/sites/good-article.js';
import type { SiteDefinition } from '../../fixtures/sites/types.js';
import {
  webmcpBundleSite,
  webmcpDeclarativeSite,
  webmcpFeatureDetectSite,
  webmcpInlineSite,
  webmcpPolyfillOnlySite,
  webmcpUnreachableScriptSite,
} from '../../fixtures/sites/webmcp-sites.js';

/** The project's WebMCP fixture sites, served on 127.0.0.1, gathered for real, then judged. */
describe('signals.webmcp on the fixture sites', () => {
  let site: FixtureSite | null = null;
  afterEach(async () => {
    await site?.close();
    site = null;
  });

  async function signalFor(define: SiteDefinition) {
    const routes: Parameters<typeof startFixtureSite>[0] = {};
    // Routes need the origin, which is known once the server listens: fill them in afterwards.
    site = await startFixtureSite(routes);
    Object.assign(routes, define(site.url));
    const url = `${site.url}${ARTICLE_PATH}`;
    const snap = await gather(url, url, { fetcher: createNodeFetcher({ allowPrivate: true }), agentFetches: false });
    return webmcpSignal(new JudgeContext(snap));
  }

  it('inline registration: detected from the inline script', async () => {
    const s = await signalFor(webmcpInlineSite);
    expect([s.status, s.source]).toEqual(['detected', 'inline_script']);
    expect(s.evidence.find((e) => e.registers)?.toolName).toBe('find_recipe');
  });

  it('minified bundle: detected from the external script, every bundle scanned', async () => {
    const s = await signalFor(webmcpBundleSite);
    expect([s.status, s.source]).toEqual(['detected', 'external_script']);
    expect(s.bundlesScanned).toBe(s.bundlesTotal);
    expect(s.evidence.find((e) => e.registers)?.toolName).toBe('add_to_cart');
  });

  it('declarative form: detected from the HTML', async () => {
    const s = await signalFor(webmcpDeclarativeSite);
    expect([s.status, s.source]).toEqual(['detected', 'html']);
  });

  it('polyfill only: inconclusive, nothing counts', async () => {
    const s = await signalFor(webmcpPolyfillOnlySite);
    expect(s.status).toBe('inconclusive');
    expect(s.evidence.filter((e) => e.registers)).toEqual([]);
    expect(s.evidence.some((e) => e.kind === 'polyfill-runtime')).toBe(true);
  });

  it('feature detection only: not found; the low note it leaves names its place', async () => {
    const s = await signalFor(webmcpFeatureDetectSite);
    expect([s.status, s.source, s.evidence.map((e) => e.kind)]).toEqual(['not_found', 'inline_script', ['api-reference']]);
  });

  it('unreachable script: inconclusive, fewer bundles scanned than referenced', async () => {
    const s = await signalFor(webmcpUnreachableScriptSite);
    expect(s.status).toBe('inconclusive');
    expect(s.bundlesScanned).toBeLessThan(s.bundlesTotal);
  });
});
