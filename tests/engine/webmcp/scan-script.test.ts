import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { scanScript, type ScriptOrigin } from '../../../shared/webmcp/script/scan-script.js';
import type { WebmcpEvidence } from '../../../shared/types/index.js';
import * as bundles from './fixtures/bundles.js';

const BUNDLE: ScriptOrigin = { type: 'external-script', url: 'https://shop.example/assets/index-3f2a.js' };
const scan = (src: string) => scanScript(src, BUNDLE);
const counting = (list: WebmcpEvidence[]) => list.filter((e) => e.registers);
const kinds = (list: WebmcpEvidence[]) => list.map((e) => e.kind);

describe('scanScript: registrations that count', () => {
  it('finds the site tool in a minified bundle and locates it', () => {
    const [hit, ...rest] = scan(bundles.APP_BUNDLE);
    expect(rest).toEqual([]);
    const offset = bundles.APP_BUNDLE.indexOf('registerTool');
    expect(hit).toMatchObject({
      kind: 'imperative-registerTool',
      confidence: 'high',
      registers: true,
      toolName: 'add_to_cart',
      description: 'Add a product to the shopping cart',
      location: { type: 'external-script', url: BUNDLE.url, offset, line: 1, column: offset + 1 },
    });
    expect(hit!.snippet).toContain('t.registerTool({name:"add_to_cart"');
    expect(hit!.snippet.length).toBeLessThanOrEqual(160);
  });

  it('reads an inline, prettier-formatted registration with a trailing comma and reports document as the surface', () => {
    const src = `const modelContext = document.modelContext || navigator.modelContext;
if (modelContext) {
  modelContext.registerTool(
    {
      name: 'search_catalog',
      description: \`Search the coffee catalog\`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
      execute: async ({ q }) => ({ content: [{ type: 'text', text: q }] }),
    },
    { signal: controller.signal },
  );
}`;
    const found = scanScript(src, { type: 'inline-script', url: 'https://example.com/', scriptIndex: 2 });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      kind: 'imperative-registerTool',
      toolName: 'search_catalog',
      description: 'Search the coffee catalog',
      surface: 'document',
      location: { type: 'inline-script', scriptIndex: 2, line: 3, column: 16 },
    });
  });

  it('accepts optional chaining and the bracket form', () => {
    const tool = '{name:"a_b",description:"d",execute(){}}';
    expect(counting(scan(`document.modelContext?.registerTool?.(${tool})`))[0]?.surface).toBe('document');
    expect(counting(scan(`document.modelContext["registerTool"](${tool})`))[0]?.toolName).toBe('a_b');
    expect(counting(scan(`e?.["registerTool"](${tool})`))).toHaveLength(1);
  });

  it('counts the legacy spellings: navigator.modelContext, provideContext, window.agent', () => {
    const legacy = scan(bundles.LEGACY_NAVIGATOR);
    expect(legacy.map((e) => [e.kind, e.toolName, e.surface, e.registers])).toEqual([
      ['legacy-provideContext', 'get-page-title', 'navigator-legacy', true],
      ['legacy-provideContext', 'scroll_to', 'navigator-legacy', true],
      ['imperative-registerTool', 'open_cart', 'navigator-legacy', true],
    ]);
    expect(scan(bundles.LEGACY_AGENT)).toMatchObject([{ kind: 'legacy-provideContext', toolName: 'book_table', surface: 'agent-legacy' }]);
  });

  it('counts the Script Tools spelling, whose receiver says nothing about the surface', () => {
    const found = scan(
      'window.createAutomationDelegate().registerTool({name:"compose",description:"Compose a mail",inputSchema:{},execute:c})',
    );
    expect(found).toMatchObject([{ kind: 'imperative-registerTool', toolName: 'compose', surface: 'unknown', registers: true }]);
  });

  it('counts an Angular pass-through as dynamic and names the descriptor literals as candidates', () => {
    const found = scan(bundles.ANGULAR_PASSTHROUGH);
    expect(found.map((e) => [e.kind, e.confidence, e.registers, e.toolName ?? null])).toEqual([
      ['registerTool-dynamic', 'medium', true, null],
      ['registerTool-dynamic', 'low', false, 'fillPersonalInfo'],
    ]);
    expect(found[0]!.surface).toBe('document');
  });

  it('counts Angular Signal Forms and declarative attributes compiled into bundles', () => {
    expect(scan(bundles.ANGULAR_SIGNAL_FORM)).toMatchObject([
      { kind: 'angular-signal-form', registers: true, toolName: 'signup', library: 'angular' },
    ]);
    const jsx = scan(bundles.DECLARATIVE_JSX);
    expect(jsx).toMatchObject([
      { kind: 'declarative-attr-in-bundle', toolName: 'search_products', description: 'Search the catalog', registers: true },
    ]);
    const angular = scan('consts:[["toolname","book_table","tooldescription","Book a table",3,"ngSubmit"]]');
    expect(angular).toMatchObject([{ kind: 'declarative-attr-in-bundle', toolName: 'book_table' }]);
    const svelte = scan('var root=$.template(`<form toolname="find_recipe" tooldescription="Find a recipe"><input name="q"></form>`);');
    expect(svelte).toMatchObject([{ kind: 'declarative-attr-in-bundle', toolName: 'find_recipe', description: 'Find a recipe' }]);
  });

  it('does not count a declarative pair without a description, or attribute-name lists', () => {
    expect(counting(scan('jsx("form",{toolname:"lonely",children:r})'))).toEqual([]);
    expect(counting(scan('observe(d,{attributeFilter:["toolname","tooldescription","toolautosubmit"]})'))).toEqual([]);
  });

  it('notes but does not count a literal descriptor the browser would reject', () => {
    const found = scan('document.modelContext.registerTool({name:"has space",description:"d",execute(){}})');
    expect(found).toMatchObject([{ kind: 'imperative-registerTool', confidence: 'low', registers: false, toolName: 'has space' }]);
    expect(counting(scan('document.modelContext.registerTool({name:"no_description",execute(){}})'))).toEqual([]);
  });
});

describe('scanScript: look-alikes that must not count', () => {
  it('reports the MCP-B polyfill as a runtime and suppresses its form bridge', () => {
    const found = scan(bundles.MCPB_POLYFILL);
    expect(bundles.MCPB_POLYFILL).toContain('t.registerTool({name:n.name');
    expect(found).toMatchObject([{ kind: 'polyfill-runtime', registers: false, library: '@mcp-b/webmcp-polyfill' }]);
  });

  it('reports @mcp-b/global as a runtime: pass-through, SDK plumbing and error strings do not count', () => {
    expect(scan(bundles.MCPB_GLOBAL)).toMatchObject([{ kind: 'polyfill-runtime', registers: false, library: '@mcp-b/global' }]);
  });

  it('reports the Chrome Labs polyfill as a runtime', () => {
    expect(scan(bundles.CHROMELABS_POLYFILL)).toMatchObject([{ kind: 'polyfill-runtime', library: 'chromelabs-polyfill' }]);
  });

  it('still counts a site tool bundled together with a polyfill', () => {
    const found = scan(bundles.MCPB_POLYFILL + bundles.APP_BUNDLE);
    expect(kinds(found)).toEqual(['polyfill-runtime', 'imperative-registerTool']);
    expect(counting(found)[0]!.toolName).toBe('add_to_cart');
  });

  it('keeps feature detection and consumer code as a low api-reference', () => {
    expect(scan(bundles.FEATURE_DETECT)).toMatchObject([{ kind: 'api-reference', confidence: 'low', registers: false }]);
    expect(scan(bundles.CONSUMER_ONLY)).toMatchObject([{ kind: 'api-reference', registers: false }]);
  });

  it('tells the websocket widget and MCP SDK style apart from WebMCP', () => {
    expect(scan(bundles.WEBMCP_WIDGET)).toMatchObject([{ kind: 'webmcp-widget', toolName: 'weather', registers: false }]);
    expect(scan(bundles.MCP_SDK_STYLE)).toMatchObject([{ kind: 'mcp-sdk-style', toolName: 'createTodo', registers: false }]);
  });

  it('drops hits in comments, strings, templates and regex literals', () => {
    const found = scan(bundles.NOT_CODE);
    expect(counting(found)).toEqual([]);
    expect(found.map((e) => e.toolName).filter(Boolean)).toEqual([]);
  });

  it('ignores pass-through calls in scripts that never name modelContext', () => {
    expect(scan('class Q{add(e){return this.bus.registerTool(e)}}')).toEqual([]);
  });

  it('skips scripts without any WebMCP token after one cheap test', () => {
    expect(scan('function x(){return 1}'.repeat(1000))).toEqual([]);
  });
});

describe('scanScript on real minified code', () => {
  const require = createRequire(import.meta.url);
  const report = readFileSync(join(process.cwd(), 'node_modules/playwright-core/lib/vite/htmlReport/report.js'), 'utf8');
  const sdk = transformSync(readFileSync(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'), 'utf8'), { minify: true }).code;

  it('finds nothing in a production bundle or in the MCP SDK server', () => {
    expect(counting(scan(report))).toEqual([]);
    expect(counting(scan(sdk))).toEqual([]);
  });

  it('finds a registration appended after 400 KB of real code, and drops one in a trailing comment', () => {
    const found = scan(`${report};${bundles.APP_BUNDLE}/* ${bundles.LEGACY_AGENT} */`);
    expect(counting(found).map((e) => e.toolName)).toEqual(['add_to_cart']);
    expect(counting(found)[0]!.location.offset).toBe(report.length + 1 + bundles.APP_BUNDLE.indexOf('registerTool'));
  });
});
