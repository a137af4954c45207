import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Builds what the end-to-end tests load: the extension (e2e mode: loopback host access; the store builds) and the server bundle. */
export function buildForEndToEnd(): void {
  const run = (cmd: string, args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env } });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}:\n${r.stdout}\n${r.stderr}`);
  };
  run('npx', ['wxt', 'build'], { CITABLE_E2E: '1' });
  // The store builds (what users install): Chromium with a real toolbar click, and Firefox.
  run('npx', ['wxt', 'build']);
  run('npx', ['wxt', 'build', '-b', 'firefox']);
  if (existsSync('server/main.ts')) run('node', ['scripts/build.mjs']);
}

export default function setup(): void {
  // `npm test` (scripts/test.mjs) runs this file itself before it starts the test streams, so no build runs while
  // the other stream reads the same files.
  if (process.env.CITABLE_TEST_PREBUILT === '1') return;
  buildForEndToEnd();
}

// `npx tsx tests/e2e/global-setup.ts`: the builds alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildForEndToEnd();
