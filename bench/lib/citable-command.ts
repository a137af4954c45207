/**
 * The `citable` command as a person runs it (`npx citable …` or an installed `citable`): the executable itself, so
 * the Node options of its first line apply (bin/citable.cjs), with the benchmark's loopback guard and any other
 * preloads given through NODE_OPTIONS. `node bin/citable.cjs` would skip that line.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUARD } from './peer-tools.js';

export const CITABLE_BIN = fileURLToPath(new URL('../../bin/citable.cjs', import.meta.url));

/** NODE_OPTIONS preloading the loopback guard, then `preloads` (paths of CommonJS files). */
export function citableNodeOptions(preloads: string[] = []): string {
  return [GUARD, ...preloads].map((file) => `--require ${path.resolve(file)}`).join(' ');
}
