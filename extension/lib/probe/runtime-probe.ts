import type { RuntimeWebmcpProbe, RuntimeWebmcpTool } from '../../../shared/types/audit.js';

/** Window key the deep-probe recorder stores its registrations under (a registered symbol: no name clash). */
export const RECORDER_KEY = 'citable.webmcp.recorder';

/**
 * The runtime WebMCP probe, run in the page's MAIN world (polyfills are invisible elsewhere).
 * Self-contained: Chrome serializes the function, so no imports or outer variables at run time.
 * It reads, never registers or executes anything; "API absent" is reported as such, not as "no tools".
 */
export async function probeWebmcp(timeoutMs: number, recorderKey: string): Promise<RuntimeWebmcpProbe> {
  // The page's own objects, of any shape: read defensively below, member by member.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type AnyObj = Record<string, unknown> & { [k: string]: any };
  const errors: string[] = [];
  const tools: RuntimeWebmcpTool[] = [];
  const message = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, 200);
  const isNative = (f: unknown) => typeof f === 'function' && /\[native code\]/.test(Function.prototype.toString.call(f));
  const add = (raw: unknown, via: RuntimeWebmcpTool['via']) => {
    const t = raw as AnyObj | null;
    if (!t || typeof t.name !== 'string' || !t.name || tools.some((x) => x.name === t.name)) return;
    const tool: RuntimeWebmcpTool = { name: t.name.slice(0, 128), description: String(t.description ?? '').slice(0, 300), via };
    // The schema as the page exposed it (an object from getTools(), a string from the testing API), for the engine to
    // judge; kept whole up to 8 KB (RUNTIME_SCHEMA_MAX), else cut and left unjudged.
    try {
      const raw = t.inputSchema;
      const text = typeof raw === 'string' ? raw : raw !== undefined ? JSON.stringify(raw) : undefined;
      if (typeof text === 'string') tool.inputSchema = text.slice(0, 8 * 1024);
    } catch (e) {
      errors.push(`inputSchema of ${tool.name}: ${message(e)}`);
    }
    tools.push(tool);
  };

  let mc: AnyObj | undefined;
  let surface: RuntimeWebmcpProbe['surface'] = 'none';
  try {
    const fromDocument = (document as unknown as AnyObj).modelContext as AnyObj | undefined;
    const fromNavigator = (navigator as unknown as AnyObj).modelContext as AnyObj | undefined;
    if (fromDocument) [mc, surface] = [fromDocument, 'document'];
    else if (fromNavigator) [mc, surface] = [fromNavigator, 'navigator-legacy'];
  } catch (e) {
    errors.push(`reading modelContext: ${message(e)}`);
  }
  const testing = (navigator as unknown as AnyObj).modelContextTesting as AnyObj | undefined;
  // The deep probe's recorder wraps methods in Proxies, which stringify as native: judge the originals.
  const originals = (window as unknown as Record<symbol, unknown>)[Symbol.for(`${recorderKey}:originals`)] as
    WeakMap<object, unknown> | undefined;
  const unwrap = (f: unknown) => (typeof f === 'function' ? (originals?.get(f) ?? f) : f);
  // A browser with the API has the ModelContext interface (Firefox has none): without it, any modelContext is script.
  const ctor = (window as unknown as AnyObj).ModelContext;
  const nativeInterface = typeof ctor === 'function' && isNative(ctor);
  const polyfill =
    !!mc && (mc.__isWebMCPPolyfill === true || !nativeInterface || !isNative(unwrap(mc.registerTool ?? mc.getTools ?? mc.provideContext)));
  const via = polyfill ? 'polyfill' : 'native';

  /** The tools a page's list method gives within timeoutMs, added as `as`. */
  const listFrom = async (list: () => unknown, what: string, as: RuntimeWebmcpTool['via']) => {
    const listing = Promise.resolve(list());
    const late = new Promise<never>((_, reject) => setTimeout(reject, timeoutMs, new Error(`${what} timed out after ${timeoutMs} ms`)));
    const listed = await Promise.race([listing, late]);
    if (Array.isArray(listed)) listed.forEach((t) => add(t, as));
  };
  try {
    if (mc && typeof mc.getTools === 'function') await listFrom(() => mc.getTools(), 'getTools()', via);
    else if (testing && typeof testing.listTools === 'function')
      await listFrom(() => testing.listTools(), 'modelContextTesting.listTools()', 'legacy-testing');
    else if (mc && typeof mc.listTools === 'function') await listFrom(() => mc.listTools(), 'listTools()', via);
  } catch (e) {
    errors.push(message(e));
  }

  // Declarative tools are readable from the DOM in any browser, API or not.
  const declarativeForms: string[] = [];
  document.querySelectorAll('form[toolname]').forEach((form) => {
    const name = (form.getAttribute('toolname') ?? '').trim();
    if (!name) return;
    declarativeForms.push(name);
    add({ name, description: form.getAttribute('tooldescription') ?? '' }, 'declarative');
  });

  // The optional deep probe's document_start recorder: registrations with their call stacks.
  const records = (window as unknown as Record<symbol, unknown>)[Symbol.for(recorderKey)];
  const deepProbe = Array.isArray(records);
  for (const r of (deepProbe ? records : []) as Array<{ name?: unknown; description?: unknown; stack?: unknown }>) {
    if (typeof r.name !== 'string') continue;
    add(r, 'recorder');
    const tool = tools.find((t) => t.name === r.name);
    if (tool && !tool.stack && Array.isArray(r.stack)) tool.stack = r.stack.map(String).slice(0, 4);
  }

  return {
    apiAvailable: !!mc || typeof testing?.listTools === 'function',
    tools,
    checkedAt: new Date().toISOString(),
    surface,
    polyfill,
    declarativeForms,
    deepProbe,
    errors,
  };
}
