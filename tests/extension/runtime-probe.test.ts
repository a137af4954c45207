import { afterEach, describe, expect, it } from 'vitest';
import { probeWebmcp, RECORDER_KEY } from '../../extension/lib/probe/runtime-probe.js';
import { installRecorder } from '../../extension/lib/probe/install-recorder.js';

type Loose = Record<string, unknown>;
const doc = document as unknown as Loose;
const nav = navigator as unknown as Loose;
const win = window as unknown as Record<symbol, unknown>;

afterEach(() => {
  delete doc.modelContext;
  delete nav.modelContext;
  delete nav.modelContextTesting;
  delete win[Symbol.for(RECORDER_KEY)];
  delete win[Symbol.for(`${RECORDER_KEY}:originals`)];
  delete (window as unknown as Loose).ModelContext;
  document.body.innerHTML = '';
});

describe('probeWebmcp (MAIN world)', () => {
  it('reports an absent API as absent, not as "no tools found"', async () => {
    const p = await probeWebmcp(100, RECORDER_KEY);
    expect(p).toMatchObject({ apiAvailable: false, surface: 'none', tools: [], polyfill: false, deepProbe: false, errors: [] });
    expect(Date.parse(p.checkedAt)).not.toBeNaN();
  });

  it('lists tools from a polyfilled document.modelContext', async () => {
    doc.modelContext = { registerTool() {}, getTools: async () => [{ name: 'add_to_cart', description: 'Add to cart' }] };
    const p = await probeWebmcp(100, RECORDER_KEY);
    expect(p).toMatchObject({ apiAvailable: true, surface: 'document', polyfill: true });
    expect(p.tools).toEqual([{ name: 'add_to_cart', description: 'Add to cart', via: 'polyfill' }]);
  });

  it('recognises the MCP-B polyfill marker', async () => {
    doc.modelContext = { __isWebMCPPolyfill: true, getTools: async () => [] };
    expect((await probeWebmcp(100, RECORDER_KEY)).polyfill).toBe(true);
  });

  it('falls back to the legacy navigator surface and modelContextTesting.listTools()', async () => {
    nav.modelContext = { provideContext() {} };
    nav.modelContextTesting = { listTools: () => [{ name: 'legacy_tool', description: 'Old API', inputSchema: '{}' }] };
    const p = await probeWebmcp(100, RECORDER_KEY);
    expect(p.surface).toBe('navigator-legacy');
    expect(p.tools).toEqual([{ name: 'legacy_tool', description: 'Old API', via: 'legacy-testing', inputSchema: '{}' }]);
  });

  it("keeps each tool's inputSchema as JSON for the engine to judge, cut at 8 KB, and records one that cannot be serialised", async () => {
    const circular: Loose = { type: 'object' };
    circular.self = circular;
    doc.modelContext = {
      registerTool() {},
      getTools: async () => [
        { name: 'book', description: 'Book', inputSchema: { type: 'object', properties: { when: { type: 'string' } } } },
        { name: 'huge', description: 'Huge', inputSchema: { type: 'object', description: 'x'.repeat(20_000) } },
        { name: 'loop', description: 'Loop', inputSchema: circular },
      ],
    };
    const p = await probeWebmcp(100, RECORDER_KEY);
    expect(JSON.parse(p.tools[0]!.inputSchema!)).toEqual({ type: 'object', properties: { when: { type: 'string' } } });
    expect(p.tools[1]!.inputSchema).toHaveLength(8 * 1024);
    expect(p.tools[2]!.inputSchema).toBeUndefined();
    expect(p.errors?.some((e) => e.startsWith('inputSchema of loop'))).toBe(true);
  });

  it('records a getTools() that never answers as an error, not as zero tools', async () => {
    doc.modelContext = { registerTool() {}, getTools: () => new Promise(() => undefined) };
    const p = await probeWebmcp(30, RECORDER_KEY);
    expect(p.apiAvailable).toBe(true);
    expect(p.errors).toEqual([expect.stringMatching(/getTools\(\) timed out/)]);
  });

  it('reads declarative forms from the live DOM, even without the API', async () => {
    document.body.innerHTML = '<form toolname="search_guides" tooldescription="Search guides"><input name="q"></form><form><input></form>';
    const p = await probeWebmcp(100, RECORDER_KEY);
    expect(p.declarativeForms).toEqual(['search_guides']);
    expect(p.tools).toEqual([{ name: 'search_guides', description: 'Search guides', via: 'declarative' }]);
  });

  it('adds the deep-probe recorder stacks to the tools it saw', async () => {
    doc.modelContext = { registerTool() {}, getTools: async () => [{ name: 'a', description: '' }] };
    win[Symbol.for(RECORDER_KEY)] = [
      { name: 'a', description: '', stack: ['at https://s.example/app.js:1:2'] },
      { name: 'b', description: 'only recorded', stack: ['at https://s.example/late.js:9:9'] },
    ];
    const p = await probeWebmcp(100, RECORDER_KEY);
    expect(p.deepProbe).toBe(true);
    expect(p.tools).toEqual([
      { name: 'a', description: '', via: 'polyfill', stack: ['at https://s.example/app.js:1:2'] },
      { name: 'b', description: 'only recorded', via: 'recorder', stack: ['at https://s.example/late.js:9:9'] },
    ]);
  });

  // Bound functions stringify as "[native code]": they stand in for the browser's own.
  const nativeLooking = () => Function.prototype.bind.call(() => undefined, null) as () => void;

  it('sees a polyfill wrapped by the deep-probe recorder as a polyfill (a Proxy stringifies as native)', async () => {
    (window as unknown as Loose).ModelContext = nativeLooking(); // as if the browser had the interface
    installRecorder(RECORDER_KEY);
    doc.modelContext = { registerTool() {}, getTools: async () => [] };
    await new Promise((r) => setTimeout(r, 80)); // the recorder wraps a late polyfill instance
    expect(Function.prototype.toString.call(doc.modelContext && (doc.modelContext as Loose).registerTool)).toMatch(/native code/);
    expect((await probeWebmcp(100, RECORDER_KEY)).polyfill).toBe(true);
  });

  it('keeps a native-looking API native under the recorder, and calls any modelContext a polyfill where the browser has no ModelContext (Firefox)', async () => {
    (window as unknown as Loose).ModelContext = nativeLooking();
    installRecorder(RECORDER_KEY);
    doc.modelContext = { registerTool: nativeLooking(), getTools: async () => [] };
    await new Promise((r) => setTimeout(r, 80));
    expect((await probeWebmcp(100, RECORDER_KEY)).polyfill).toBe(false);
    delete (window as unknown as Loose).ModelContext;
    expect((await probeWebmcp(100, RECORDER_KEY)).polyfill).toBe(true);
  });
});
