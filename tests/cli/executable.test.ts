/**
 * `citable` run as a person runs it (`npx citable`, an installed `citable`): the executable itself, whose first line
 * starts Node with a V8 thread pool of two. On two cores, V8's default of four helper threads ran garbage collection
 * beside the crawl's own threads and cost a 250-page crawl about 6 % (docs/performance.md); `node bin/citable.cjs`
 * skips that line and works the same, only without the option.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = path.join(root, 'bin/citable.cjs');
let dir: string;
let preload: string;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: root });
  dir = mkdtempSync(path.join(os.tmpdir(), 'citable-executable-'));
  // Tells what Node was started with: the executable's first line is read by the system, not by Node.
  preload = path.join(dir, 'exec-argv.cjs');
  writeFileSync(preload, "process.stderr.write('EXEC_ARGV ' + JSON.stringify(process.execArgv) + '\\n');\n");
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const execArgvOf = (stderr: string) => JSON.parse(/EXEC_ARGV (.*)/.exec(stderr)![1]!) as string[];

describe('the citable executable', () => {
  it('starts Node with a V8 thread pool of two, and runs the command', async () => {
    const { stdout, stderr } = await promisify(execFile)(bin, ['--help'], {
      env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: `--require ${preload}` },
    });
    expect(stdout).toMatch(/^Usage: citable <command>/);
    expect(execArgvOf(stderr)).toEqual(['--v8-pool-size=2']);
  });

  it('runs the same through node, without the option', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--require', preload, bin, '--help'], {
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(stdout).toMatch(/^Usage: citable <command>/);
    expect(execArgvOf(stderr)).toEqual(['--require', preload]);
  });
});
