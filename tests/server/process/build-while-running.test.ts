/**
 * `npm test` runs two test streams at once, and several tests rebuild dist/ while others start the built server or
 * CLI from it. The build writes each file under a temporary name and renames it into place, so a reader sees the old
 * file or the new one, never a torn one; two builds at once both succeed and leave no temporary file behind.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/server-process.js';

const run = promisify(execFile);
const build = () => run(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
const WATCHED = ['dist/citable.cjs', 'dist/server.mjs', 'dist/audit-worker.mjs'];

/** Every file a build writes ends with its source-map comment: a file without it was read half-written. */
const whole = (file: string) => /\/\/# sourceMappingURL=\S+\.map\s*$/.test(readFileSync(path.join(ROOT, file), 'utf8'));

describe('dist/ rebuilt while it is read', () => {
  it('readers never see a half-written file, and two builds at once both succeed', async () => {
    await build();
    let reads = 0;
    const torn: string[] = [];
    let building = true;
    const builds = Promise.all([build(), build()]).finally(() => (building = false));
    while (building) {
      for (const file of WATCHED) {
        reads += 1;
        if (!whole(file)) torn.push(file);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await builds;
    expect(torn).toEqual([]);
    expect(reads).toBeGreaterThan(WATCHED.length);
    for (const file of WATCHED) expect(whole(file)).toBe(true);
    const left = ['dist', 'dist/cli', 'dist/chunks'].flatMap((dir) => readdirSync(path.join(ROOT, dir)).filter((n) => n.endsWith('.tmp')));
    expect(left).toEqual([]);
  }, 120_000);
});
