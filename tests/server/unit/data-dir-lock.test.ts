import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../server/store/lowdb/infra/data-dir-lock.js';

/** A pid that belonged to a process which has exited (what a crashed server leaves in server.pid). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('on a free directory: takes the lock, reports no crash, and gives it back', async () => {
    const lock = await lockDataDir(dir);
    expect(lock.tookOverFromCrash).toBe(false);
    expect(await readFile(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    await lock.release();
    const again = await lockDataDir(dir);
    expect(again.tookOverFromCrash).toBe(false); // a released lock is not a crash
    await again.release();
  });

  it('a lock whose process is gone is taken over and reported as a crash', async () => {
    await writeFile(path.join(dir, 'server.pid'), String(deadPid()));
    const lock = await lockDataDir(dir);
    expect(lock.tookOverFromCrash).toBe(true);
    expect(await readFile(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    await lock.release();
  });

  it('a lock held by a live process is refused', async () => {
    await writeFile(path.join(dir, 'server.pid'), String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toThrow(/another Citable server \(pid \d+\) is using/);
  });
});
