/**
 * The lock file the server and the CLI share for accounts.json, monitors.json and webhooks.json: a holder killed while holding it does not
 * block the others.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
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

  it('takes over an empty lock (a holder killed before its pid was written) once its grace is over', async () => {
    const lock = path.join(dir, 'monitors.json.lock');
    await writeFile(lock, '');
    const past = new Date(Date.now() - 5_000);
    await utimes(lock, past, past);
    const result = await withFileLock(lock, async () => readFile(lock, 'utf8'), { waitMs: 200, staleMs: 60_000 });
    expect(result).toBe(String(process.pid));
  });

  it('waits for a fresh empty lock: its holder may be writing its pid', async () => {
    const lock = path.join(dir, 'monitors.json.lock');
    await writeFile(lock, '');
    await expect(withFileLock(lock, async () => 'never', { waitMs: 100, staleMs: 60_000 })).rejects.toThrow(/is held by another process/);
  });

  it('the lock holds the pid from the moment it exists, and leaves no other file behind', async () => {
    const lock = path.join(dir, 'accounts.json.lock');
    const seen = await withFileLock(lock, async () => readFile(lock, 'utf8'));
    expect(seen).toBe(String(process.pid));
    expect(await readdir(dir)).toEqual([]);
  });
});
