import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runAsProgram } from './program.js';

// The CLI's module for tests and `tsx server/cli/main.ts`; the built command starts at server/cli/launch.ts.
export * from './dispatch.js';

/** True when this module is the program (`tsx server/cli/main.ts ...`). */
function invokedAsProgram(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (invokedAsProgram()) await runAsProgram(process.argv.slice(2));
