/**
 * Where a worker thread's script is: beside the built server (dist/<name>.mjs, the calling module being in dist/
 * or dist/chunks/), or, run from source, its TypeScript worker through `<name>-source.mjs` beside the caller.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `callerUrl`: the calling module's `import.meta.url`. */
export function locateThreadScript(name: string, callerUrl: string): URL {
  if (callerUrl.endsWith('.ts')) return new URL(`./${name}-source.mjs`, callerUrl);
  for (const candidate of [`./${name}.mjs`, `../${name}.mjs`]) {
    const url = new URL(candidate, callerUrl);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error(`${name}.mjs is missing beside the built server: rebuild it (node scripts/build.mjs)`);
}
