import { describe, expect, it } from 'vitest';
import { JudgeContext } from '../../../shared/judge/context.js';
import { mergeRuntimeWebmcp, webmcpSignal } from '../../../shared/webmcp/signal.js';
import type { RuntimeWebmcpProbe, Snapshot, WebmcpSignal } from '../../../shared/types/index.js';
import { snapshot } from '../../helpers/snapshot.js';
import * as bundles from './fixtures/bundles.js';
import { fetchedScript, page, PAGE_URL, unreachableScript } from './fixtures/pages.js';

/**
 * `source` said `none` while `evidence` listed entries (feature detection,
 * consumer code, MCP SDK calls: evidence that does not count). The spec defines `source` as "where
 * the evidence came from": so it is `none` exactly when `evidence` is empty. Counting entries (or
 * the hints that made the status inconclusive) still decide it when there are any.
 */
const signalOf = (html: string, over: Partial<Snapshot> = {}): WebmcpSignal => webmcpSignal(new JudgeContext(snapshot(html, over)));

const CASES: Array<[string, () => WebmcpSignal]> = [
  ['plain page', () => signalOf(page())],
  ['feature detection inline', () => signalOf(page(`<script>${bundles.FEATURE_DETECT}</script>`))],
  [
    'consumer code and MCP SDK calls in bundles',
    () =>
      signalOf(page(), {
        scripts: [bundles.CONSUMER_ONLY, bundles.MCP_SDK_STYLE].map((b, i) => fetchedScript(`https://example.com/s${i}.js`, b)),
      }),
  ],
  [
    'feature detection with an unreachable script',
    () => signalOf(page(`<script>${bundles.FEATURE_DETECT}</script>`), { scripts: [unreachableScript('https://example.com/chunk.js')] }),
  ],
  ['unreachable script alone', () => signalOf(page(), { scripts: [unreachableScript('https://example.com/chunk.js')] })],
  ['iframe allow=tools', () => signalOf(page('', '<iframe src="https://w.example/" allow="tools"></iframe>'))],
  ['registration inline', () => signalOf(page(`<script>${bundles.APP_BUNDLE}</script>`))],
  ['polyfill bundle', () => signalOf(page(), { scripts: [fetchedScript('https://example.com/p.js', bundles.MCPB_POLYFILL)] })],
];

describe('signals.webmcp.source names where the listed evidence came from', () => {
  it.each(CASES)('%s: source is none exactly when evidence is empty', (_name, make) => {
    const s = make();
    expect(s.source === 'none', `${s.status} ${s.source} ${s.evidence.map((e) => e.kind).join(',')}`).toBe(s.evidence.length === 0);
  });

  it('feature detection alone: not_found, from the inline script', () => {
    const s = signalOf(page(`<script>${bundles.FEATURE_DETECT}</script>`));
    expect([s.status, s.source, s.evidence.map((e) => e.kind)]).toEqual(['not_found', 'inline_script', ['api-reference']]);
  });

  it('non-counting entries from two places: mixed', () => {
    const s = signalOf(page(`<script>${bundles.FEATURE_DETECT}</script>`), {
      scripts: [fetchedScript('https://example.com/sdk.js', bundles.MCP_SDK_STYLE)],
    });
    expect([s.status, s.source]).toEqual(['not_found', 'mixed']);
  });

  it('counting entries still decide when there are any: a low html entry does not make a detected script source mixed', () => {
    const s = signalOf(page('', '<iframe src="https://w.example/" allow="tools"></iframe>'), {
      scripts: [fetchedScript('https://example.com/app.js', bundles.APP_BUNDLE)],
    });
    expect(s.evidence.map((e) => e.location.type).sort()).toEqual(['external-script', 'html']);
    expect([s.status, s.source]).toEqual(['detected', 'external_script']);
  });

  it('a runtime probe with no tools keeps the static source; with tools it decides', () => {
    const staticSignal = signalOf(page(`<script>${bundles.FEATURE_DETECT}</script>`));
    const probe = (tools: RuntimeWebmcpProbe['tools']): RuntimeWebmcpProbe => ({
      apiAvailable: true,
      surface: 'document',
      tools,
      checkedAt: '2026-11-21T00:00:00.000Z',
    });
    expect(mergeRuntimeWebmcp(staticSignal, probe([]), PAGE_URL).source).toBe('inline_script');
    expect(mergeRuntimeWebmcp(staticSignal, probe([{ name: 'search', description: 'Search' }]), PAGE_URL).source).toBe('runtime');
  });
});
