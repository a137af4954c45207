import { describe, expect, it } from 'vitest';
import { JudgeContext } from '../../../shared/judge/context.js';
import { mergeRuntimeWebmcp, webmcpSignal } from '../../../shared/webmcp/signal.js';
import type { RuntimeWebmcpProbe, Snapshot, WebmcpSignal } from '../../../shared/types/index.js';
import { snapshot } from '../../helpers/snapshot.js';
import { page, PAGE_URL, unreachableScript } from './fixtures/pages.js';
import { originTrialToken, WEBMCP_TRIAL } from './fixtures/origin-trial-token.js';

const CHECKED_AT = '2026-11-21T10:00:00.000Z';
const probe = (over: Partial<RuntimeWebmcpProbe> = {}): RuntimeWebmcpProbe => ({
  apiAvailable: true,
  tools: [],
  checkedAt: CHECKED_AT,
  ...over,
});
const signalOf = (html: string, over: Partial<Snapshot> = {}): WebmcpSignal => webmcpSignal(new JudgeContext(snapshot(html, over)));
const FORM = '<form toolname="search_guides" tooldescription="Search the guides"></form>';

describe('runtime probe merge', () => {
  it('raises a static not_found to detected with source runtime, locating tools by their stack', () => {
    const runtime = probe({
      surface: 'document',
      tools: [
        {
          name: 'add_to_cart',
          description: 'Add a product to the cart',
          via: 'recorder',
          stack: ['at async r (https://example.com/assets/chunk-9.js:1:48212)'],
        },
        { name: 'search', description: 'Search', via: 'native' },
      ],
    });
    const s = signalOf(page(), { origin: 'extension', runtimeWebmcp: runtime });
    expect([s.status, s.source]).toEqual(['detected', 'runtime']);
    expect(s.runtime).toEqual(runtime);
    expect(s.evidence).toEqual([
      {
        kind: 'runtime-tool',
        confidence: 'high',
        location: { type: 'runtime', url: 'https://example.com/assets/chunk-9.js', line: 1, column: 48212 },
        snippet: 'add_to_cart: Add a product to the cart',
        toolName: 'add_to_cart',
        description: 'Add a product to the cart',
        surface: 'document',
        registers: true,
      },
      {
        kind: 'runtime-tool',
        confidence: 'high',
        location: { type: 'runtime', url: PAGE_URL },
        snippet: 'search: Search',
        toolName: 'search',
        description: 'Search',
        surface: 'document',
        registers: true,
      },
    ]);
  });

  it('says mixed when static evidence counts as well', () => {
    const s = signalOf(page('', FORM), { runtimeWebmcp: probe({ tools: [{ name: 'search_guides', description: 'Search the guides' }] }) });
    expect([s.status, s.source]).toEqual(['detected', 'mixed']);
    expect(s.evidence.map((e) => e.kind)).toEqual(['declarative-form', 'runtime-tool']);
  });

  it('never lowers the static result when the API is absent or lists no tools', () => {
    const absent = probe({ apiAvailable: false, surface: 'none' });
    const detected = signalOf(page('', FORM), { runtimeWebmcp: absent });
    expect([detected.status, detected.source, detected.runtime?.apiAvailable]).toEqual(['detected', 'html', false]);

    const inconclusive = signalOf(page(), { scripts: [unreachableScript('https://example.com/a.js')], runtimeWebmcp: absent });
    expect(inconclusive.status).toBe('inconclusive');

    const empty = signalOf(page(), { runtimeWebmcp: probe() });
    expect([empty.status, empty.source, empty.runtime?.apiAvailable]).toEqual(['not_found', 'none', true]);
  });

  it('counts declarative forms seen in the live DOM that the tool list lacks', () => {
    const s = signalOf(page(), {
      runtimeWebmcp: probe({ apiAvailable: false, tools: [], declarativeForms: ['late_form', 'late_form'] }),
    });
    expect([s.status, s.source]).toEqual(['detected', 'runtime']);
    expect(s.evidence).toMatchObject([{ kind: 'runtime-tool', toolName: 'late_form', surface: 'declarative', registers: true }]);
  });

  it('marks polyfill and legacy surfaces', () => {
    const s = signalOf(page(), {
      runtimeWebmcp: probe({ polyfill: true, surface: 'navigator-legacy', tools: [{ name: 'a', description: '' }] }),
    });
    expect(s.evidence[0]).toMatchObject({ surface: 'navigator-legacy', library: 'polyfill', snippet: 'a' });
  });

  it('replaces runtime entries instead of duplicating them when merged again', () => {
    const base = signalOf(page('', FORM));
    const runtime = probe({ tools: [{ name: 'x', description: 'y' }] });
    const once = mergeRuntimeWebmcp(base, runtime, PAGE_URL);
    const twice = mergeRuntimeWebmcp(once, runtime, PAGE_URL);
    expect(twice).toEqual(once);
    expect(twice.evidence.filter((e) => e.kind === 'runtime-tool')).toHaveLength(1);
    // The static signal itself is left untouched.
    expect(base.runtime).toBeUndefined();
    expect(base.evidence).toHaveLength(1);
  });
});

// A browser without the API is the browser's state: the runtime record says so, naming the page's trial token.
describe('a probe without the API', () => {
  it('carries a note that the missing API says nothing about the site', () => {
    const merged = mergeRuntimeWebmcp(signalOf('<p>x</p>'), probe({ apiAvailable: false }), PAGE_URL);
    expect(merged.runtime?.note).toMatch(
      /^This browser has no WebMCP API .*says nothing about the site\. Chrome exposes it with its WebMCP flag/,
    );
    expect(merged.status).toBe('not_found');
  });

  it('names the origin-trial token the page serves', () => {
    const meta = `<meta http-equiv="origin-trial" content="${originTrialToken(WEBMCP_TRIAL)}">`;
    const merged = mergeRuntimeWebmcp(signalOf(meta), probe({ apiAvailable: false }), PAGE_URL);
    expect(merged.runtime?.note).toContain('The page carries a WebMCP origin-trial token');
  });

  it('has no note when the API answered', () => {
    expect(mergeRuntimeWebmcp(signalOf('<p>x</p>'), probe(), PAGE_URL).runtime?.note).toBeUndefined();
  });
});
