/**
 * The deep probe's passive recorder (MAIN world, document_start): wraps registerTool /
 * provideContext so each registration is recorded with the script location that made it.
 * It changes nothing the page can rely on: the original method is always called with the same
 * arguments and its result returned. Registrations are kept on window under a registered symbol.
 */
export function installRecorder(recorderKey: string): void {
  type Rec = { name: string; description: string; stack: string[]; at: number };
  const w = window as unknown as Record<symbol, unknown> & { ModelContext?: { prototype: Record<string, unknown> } };
  const key = Symbol.for(recorderKey);
  if (Array.isArray(w[key])) return;
  const records: Rec[] = [];
  w[key] = records;
  // Proxy → original. A Proxy of a function stringifies as "[native code]"; the runtime probe unwraps it
  // through this map, or every wrapped polyfill would pass for the browser's own API.
  const originals = new WeakMap<object, unknown>();
  Object.defineProperty(w, Symbol.for(`${recorderKey}:originals`), { value: originals, configurable: true });

  const callSites = () =>
    (new Error().stack ?? '')
      .split('\n')
      .map((s) => s.trim())
      .filter((s) => /(https?:\/\/|@)/.test(s) && !/(chrome|moz)-extension:\/\//.test(s))
      .slice(0, 4);
  const record = (tool: unknown) => {
    const t = tool as { name?: unknown; description?: unknown } | null;
    if (t && typeof t.name === 'string') {
      records.push({ name: t.name, description: String(t.description ?? '').slice(0, 300), stack: callSites(), at: performance.now() });
    }
  };
  const wrapped = new WeakSet<object>();
  const wrap = (target: Record<string, unknown> | undefined) => {
    if (!target || wrapped.has(target)) return;
    wrapped.add(target);
    for (const method of ['registerTool', 'provideContext'] as const) {
      const original = target[method];
      if (typeof original !== 'function') continue;
      // A Proxy keeps name and length, so feature checks on the method still see the same shape.
      const proxy = new Proxy(original, {
        apply(fn, self, args: unknown[]) {
          if (method === 'registerTool') record(args[0]);
          else ((args[0] as { tools?: unknown[] } | undefined)?.tools ?? []).forEach(record);
          return Reflect.apply(fn, self, args);
        },
      });
      originals.set(proxy, original);
      target[method] = proxy;
    }
  };

  wrap(w.ModelContext?.prototype); // native: present at document_start
  // Polyfills install later; wrap their instance once it appears.
  const wrapInstances = () => {
    try {
      wrap((document as unknown as { modelContext?: Record<string, unknown> }).modelContext);
      wrap((navigator as unknown as { modelContext?: Record<string, unknown> }).modelContext);
    } catch {
      /* a getter threw: nothing to wrap */
    }
  };
  document.addEventListener('DOMContentLoaded', wrapInstances, { once: true });
  window.addEventListener('load', wrapInstances, { once: true });
  for (const ms of [0, 50, 250, 1000, 3000]) setTimeout(wrapInstances, ms);
}
