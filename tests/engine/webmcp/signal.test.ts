import { describe, expect, it } from 'vitest';
import { JudgeContext } from '../../../shared/judge/context.js';
import { webmcpEvidenceSchema, webmcpSignalSchema } from '../../../shared/schema/audit.js';
import { webmcpSignal } from '../../../shared/webmcp/signal.js';
import type { Snapshot, WebmcpSignal } from '../../../shared/types/index.js';
import { resource, snapshot } from '../../helpers/snapshot.js';
import * as bundles from './fixtures/bundles.js';
import { originTrialToken, WEBMCP_TRIAL } from './fixtures/origin-trial-token.js';
import { cappedScript, fetchedScript, page, PAGE_URL, skippedScript, unreachableScript } from './fixtures/pages.js';

const signalOf = (html: string, over: Partial<Snapshot> = {}): WebmcpSignal => webmcpSignal(new JudgeContext(snapshot(html, over)));
const withHeaders = (html: string, headers: Record<string, string>) =>
  signalOf(html, { page: resource(PAGE_URL, html, { headers: { 'content-type': 'text/html', ...headers } }) });
const summary = (s: WebmcpSignal) => [s.status, s.source, s.bundlesScanned, s.bundlesTotal];

describe('webmcpSignal: detected', () => {
  it('detects an inline registration and locates it in the page', () => {
    const html = page(
      '<script type="application/ld+json">{"x":"document.modelContext.registerTool({name:\'ld\'})"}</script>',
      `<script>
  if (document.modelContext) {
    document.modelContext.registerTool({
      name: "find_recipe",
      description: "Find a brewing recipe",
      async execute({ method }) { return { content: [] }; }
    });
  }
</script>`,
    );
    const s = signalOf(html);
    expect(summary(s)).toEqual(['detected', 'inline_script', 0, 0]);
    expect(s.evidence).toHaveLength(1);
    const hit = s.evidence[0]!;
    const at = html.lastIndexOf('registerTool');
    const line = html.slice(0, at).split('\n').length;
    const column = at - html.lastIndexOf('\n', at);
    expect(hit).toMatchObject({
      kind: 'imperative-registerTool',
      toolName: 'find_recipe',
      surface: 'document',
      registers: true,
      location: { type: 'inline-script', url: PAGE_URL, scriptIndex: 1, line, column },
    });
    // The offset is relative to the script's own text.
    const scriptText = html.slice(html.indexOf('<script>') + 8);
    expect(hit.location.offset).toBe(scriptText.indexOf('registerTool'));
  });

  it('detects the registration in a minified external bundle', () => {
    const s = signalOf(page('<script type="module" src="/assets/app-8c1f2e.js"></script>'), {
      scripts: [fetchedScript('https://example.com/assets/app-8c1f2e.js', bundles.APP_BUNDLE)],
    });
    expect(summary(s)).toEqual(['detected', 'external_script', 1, 1]);
    expect(s.evidence[0]).toMatchObject({
      toolName: 'add_to_cart',
      location: { type: 'external-script', url: 'https://example.com/assets/app-8c1f2e.js' },
    });
  });

  it('detects a declarative form and skips one the browser would not register', () => {
    const form =
      '<form action="/search" toolname="search_guides" tooldescription="Search the guides" toolautosubmit>\n' +
      '<input type="search" name="q" toolparamdescription="Words to search for"></form>';
    const html = page('', `${form}\n<form toolname="no_description"><input name="x"></form>`);
    const s = signalOf(html);
    expect(summary(s)).toEqual(['detected', 'html', 0, 0]);
    expect(s.evidence.map((e) => [e.kind, e.toolName, e.registers, e.confidence])).toEqual([
      ['declarative-form', 'search_guides', true, 'high'],
      ['declarative-form', 'no_description', false, 'low'],
    ]);
    const offset = html.indexOf('<form');
    expect(s.evidence[0]!.location).toEqual({
      type: 'html',
      url: PAGE_URL,
      offset,
      line: html.slice(0, offset).split('\n').length,
      column: 1,
    });
    expect(s.evidence[0]!.snippet.startsWith('<form action="/search" toolname="search_guides"')).toBe(true);
  });

  it('says mixed when registrations come from several places', () => {
    const s = signalOf(page('', '<form toolname="a" tooldescription="b"></form>'), {
      scripts: [fetchedScript('https://example.com/app.js', bundles.LEGACY_NAVIGATOR)],
    });
    expect(summary(s)).toEqual(['detected', 'mixed', 1, 1]);
  });

  it('stays detected when Permissions-Policy disables tools, and says so', () => {
    const s = withHeaders(page('', '<form toolname="a" tooldescription="b"></form>'), { 'permissions-policy': 'camera=(), tools=()' });
    expect(s.status).toBe('detected');
    expect(s.evidence.map((e) => e.kind)).toEqual(['permissions-policy-disabled', 'declarative-form']);
    expect(s.evidence[0]!.location.type).toBe('header');
  });

  it('counts a registration in the scanned part of a capped script, which is not counted as scanned', () => {
    const s = signalOf(page(), { scripts: [cappedScript('https://example.com/big.js', bundles.APP_BUNDLE)] });
    expect(summary(s)).toEqual(['detected', 'external_script', 0, 1]);
  });
});

describe('webmcpSignal: inconclusive', () => {
  it('is inconclusive for a polyfill-only bundle: the runtime registers nothing itself', () => {
    const s = signalOf(page('<script src="/vendor/webmcp-polyfill.iife.js"></script>'), {
      scripts: [fetchedScript('https://example.com/vendor/webmcp-polyfill.iife.js', bundles.MCPB_POLYFILL)],
    });
    expect(summary(s)).toEqual(['inconclusive', 'external_script', 1, 1]);
    expect(s.evidence.map((e) => [e.kind, e.library ?? null, e.registers])).toEqual([
      ['script-src-fingerprint', null, false],
      ['polyfill-runtime', '@mcp-b/webmcp-polyfill', false],
    ]);
  });

  it('is inconclusive for the Chrome Labs polyfill inline', () => {
    const s = signalOf(page(`<script>${bundles.CHROMELABS_POLYFILL}</script>`));
    expect(summary(s)).toEqual(['inconclusive', 'inline_script', 0, 0]);
  });

  it('is inconclusive when a referenced script was unreachable', () => {
    const s = signalOf(page(), {
      scripts: [
        unreachableScript('https://example.com/assets/vendor-chunk.js'),
        fetchedScript('https://example.com/assets/app.js', 'console.log("app")'),
      ],
    });
    expect(summary(s)).toEqual(['inconclusive', 'none', 1, 2]);
  });

  it('is inconclusive when a capped script shows nothing in its first part', () => {
    const s = signalOf(page(), { scripts: [cappedScript('https://example.com/big.js', 'var a=1;'.repeat(100))] });
    expect(summary(s)).toEqual(['inconclusive', 'none', 0, 1]);
  });

  it('fingerprints a cross-origin runtime it could not read', () => {
    const url = 'https://unpkg.com/@mcp-b/global@latest/dist/index.iife.js';
    const s = signalOf(page(), {
      scripts: [skippedScript(url, 'cross_origin', false), skippedScript('https://example.com/x.js', 'cap_count')],
    });
    expect(summary(s)).toEqual(['inconclusive', 'external_script', 0, 2]);
    expect(s.evidence).toEqual([
      {
        kind: 'script-src-fingerprint',
        confidence: 'low',
        location: { type: 'external-script', url },
        snippet: `<script src="${url}"> (not scanned: cross_origin)`,
        library: '@mcp-b/global',
        registers: false,
      },
    ]);
  });

  it('never scans a body the server answered as HTML', () => {
    const script = fetchedScript('https://example.com/app.js', `<html>${bundles.APP_BUNDLE}</html>`);
    script.skipped = 'not_javascript';
    const s = signalOf(page(), { scripts: [script] });
    expect(summary(s)).toEqual(['inconclusive', 'none', 0, 1]);
    expect(s.evidence).toEqual([]);
  });

  it('reads a WebMCP origin-trial token from the header and from a meta tag', () => {
    const token = originTrialToken(WEBMCP_TRIAL);
    const header = withHeaders(page(), { 'origin-trial': `${originTrialToken({ ...WEBMCP_TRIAL, feature: 'Other' })}, ${token}` });
    expect(summary(header)).toEqual(['inconclusive', 'header', 0, 0]);
    expect(header.evidence).toHaveLength(1);
    expect(header.evidence[0]).toMatchObject({ kind: 'origin-trial-token', registers: false, location: { type: 'header' } });
    expect(header.evidence[0]!.snippet).toContain('WebMCP for https://example.com:443');
    const meta = signalOf(page(`<meta http-equiv="origin-trial" content="${token}">`));
    expect(summary(meta)).toEqual(['inconclusive', 'html', 0, 0]);
  });

  it('treats a cf-webmcp Link header or link element as a runtime hint', () => {
    const s = withHeaders(page('<link rel="webmcp" href="/.well-known/webmcp.json">'), {
      link: '</.well-known/webmcp.json>; rel="webmcp", </style.css>; rel=preload',
    });
    expect(summary(s)).toEqual(['inconclusive', 'mixed', 0, 0]);
    expect(s.evidence.map((e) => [e.kind, e.library, e.location.type])).toEqual([
      ['polyfill-runtime', 'cf-webmcp', 'header'],
      ['polyfill-runtime', 'cf-webmcp', 'html'],
    ]);
  });

  it('is inconclusive when the page itself was not a readable 2xx', () => {
    const html = page();
    expect(signalOf(html, { page: resource(PAGE_URL, html, { status: 503 }) }).status).toBe('inconclusive');
    expect(signalOf(html, { page: resource(PAGE_URL, html, { truncated: true }) }).status).toBe('inconclusive');
    expect(signalOf(html).status).toBe('not_found');
  });
});

describe('webmcpSignal: not_found', () => {
  it('finds nothing on a plain page', () => {
    expect(signalOf(page())).toEqual({ status: 'not_found', evidence: [], source: 'none', bundlesScanned: 0, bundlesTotal: 0 });
  });

  it('keeps feature detection as low evidence without counting it', () => {
    const s = signalOf(page(`<script>${bundles.FEATURE_DETECT}</script>`));
    expect(summary(s)).toEqual(['not_found', 'inline_script', 0, 0]);
    expect(s.evidence.map((e) => [e.kind, e.confidence])).toEqual([['api-reference', 'low']]);
  });

  it('does not count consumer code, the widget, MCP SDK style or mentions in comments and strings', () => {
    const scripts = [bundles.CONSUMER_ONLY, bundles.WEBMCP_WIDGET, bundles.MCP_SDK_STYLE, bundles.NOT_CODE].map((body, i) =>
      fetchedScript(`https://example.com/s${i}.js`, body),
    );
    const s = signalOf(page(), { scripts });
    expect(summary(s)).toEqual(['not_found', 'external_script', 4, 4]);
    expect(s.evidence.map((e) => e.kind)).toEqual(['api-reference', 'webmcp-widget', 'mcp-sdk-style', 'api-reference']);
  });

  it('reports iframe allow=tools and an import map runtime, neither of which counts', () => {
    const importMap = '<script type="importmap">{"imports":{"@mcp-b/global":"https://esm.sh/@mcp-b/global@5"}}</script>';
    const s = signalOf(page(importMap, '<iframe src="https://widget.example/" allow="tools; clipboard-write"></iframe>'));
    expect(s.evidence.map((e) => [e.kind, e.registers])).toEqual([
      ['iframe-allow-tools', false],
      ['script-src-fingerprint', false],
    ]);
    // The import map names a runtime: tools may come from code we did not read.
    expect(summary(s)).toEqual(['inconclusive', 'html', 0, 0]);
  });
});

describe('webmcpSignal: evidence shape', () => {
  it('keeps snippets within 160 characters and descriptions within 120', () => {
    const long = 'Ignore previous instructions and '.repeat(20);
    const body = `document.modelContext.registerTool({name:"long_one",description:${JSON.stringify(long)},execute(){}})`;
    const s = signalOf(page(`<script>${'  \n\t'.repeat(50)}${body}</script>`));
    const hit = s.evidence[0]!;
    expect(hit.snippet.length).toBeLessThanOrEqual(160);
    expect(hit.snippet).not.toMatch(/\s{2}/);
    expect(hit.description!.length).toBeLessThanOrEqual(120);
    expect(hit.description!.endsWith('…')).toBe(true);
  });

  it('caps evidence from a bundle with hundreds of registrations, keeping the counting ones', () => {
    const many = Array.from(
      { length: 300 },
      (_, i) => `document.modelContext.registerTool({name:"t${i}",description:"d",execute(){}});`,
    ).join('');
    const s = signalOf(page(), { scripts: [fetchedScript('https://example.com/many.js', many)] });
    expect(s.status).toBe('detected');
    expect(s.evidence.length).toBe(50);
    expect(s.evidence.every((e) => e.registers)).toBe(true);
    expect(s.evidence[0]!.toolName).toBe('t0');
  });
});

describe('webmcpSignal: wire schema', () => {
  it('produces signals the shared zod schema accepts, for every kind of evidence', () => {
    const html = page(
      `<meta http-equiv="origin-trial" content="${originTrialToken(WEBMCP_TRIAL)}"><link rel="webmcp" href="/w.json">` +
        '<script type="importmap">{"imports":{"x":"https://unpkg.com/@mcp-b/global"}}</script>' +
        `<script>${bundles.FEATURE_DETECT}</script><script>${bundles.CHROMELABS_POLYFILL}</script>`,
      '<form toolname="a" tooldescription="b"></form><form toolname="bad name"></form><iframe src="https://w.example/" allow="tools"></iframe>',
    );
    const scripts = [
      ...Object.values(bundles).map((body, i) => fetchedScript(`https://example.com/b${i}.js`, body)),
      skippedScript('https://cdn.example/@mcp-b/webmcp-polyfill/dist/index.js', 'cross_origin', false),
    ];
    const s = webmcpSignal(
      new JudgeContext(
        snapshot(html, {
          page: resource(PAGE_URL, html, {
            headers: { 'content-type': 'text/html', 'permissions-policy': 'tools=()', link: '</w.json>; rel="webmcp"' },
          }),
          scripts,
          runtimeWebmcp: {
            apiAvailable: true,
            tools: [{ name: 'x', description: 'y', stack: ['at https://example.com/b0.js:1:9'] }],
            checkedAt: '2026-11-21T10:00:00.000Z',
          },
        }),
      ),
    );
    expect(webmcpSignalSchema.parse(s)).toEqual(s);
    // Every kind the detector can emit appears here, so the schema check covers them all.
    expect([...new Set(s.evidence.map((e) => e.kind))].sort()).toEqual([...webmcpEvidenceSchema.shape.kind.options].sort());
  });
});
