/**
 * The lock file the server and the CLI share for accounts.json, monitors.json and webhooks.json: a holder killed while holding it does not
 * block the others.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../../../../server/store/lowdb/infra/file-lock.js';

describe('withFileLock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('takes over at once a lock whose holder was killed (its pid runs no more)', async () => {
    const lock = path.join(dir, 'monitors.json.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout; // a pid that has exited
    await writeFile(lock, dead);
    const result = await withFileLock(lock, async () => readFile(lock, 'utf8'), { waitMs: 200, staleMs: 60_000 });
    expect(result).toBe(String(process.pid));
  });

  it('waits for a live holder, and gives up with a message after waitMs', async () => {
    const lock = path.join(dir, 'accounts.json.lock');
    await writeFile(lock, String(process.ppid)); // a live process (the test runner's parent)
    await expect(withFileLock(lock, async () => 'never', { waitMs: 100, staleMs: 60_000 })).rejects.toThrow(/is held by another process/);
  });
});
