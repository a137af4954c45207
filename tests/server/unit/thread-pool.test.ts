/**
 * How the audit threads' pool (server/audits/thread-pool.ts) picks a thread, with two stand-in workers: one that
 * loads at once, one that takes seconds (a crawl's second thread still loading while the first takes work).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadPool } from '../../../server/audits/thread-pool.js';
import { THREAD_LIMITS } from '../../../server/audits/thread-limits.js';
import type { AuditThread } from '../../../server/audits/audit-thread-handle.js';

let dir: string;
/** A worker that answers setup with `ready` after `readyMs`, and robots.txt after 100 ms. */
const standIn = (readyMs: number) => `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.type === 'setup') setTimeout(() => parentPort.postMessage({ type: 'ready' }), ${readyMs});
  if (m.type === 'robots') setTimeout(() => parentPort.postMessage({ type: 'robots-done', id: m.id, result: { verdict: null, startAllowed: true } }), 100);
});`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-pool-'));
  await writeFile(path.join(dir, 'fast.cjs'), standIn(0));
  await writeFile(path.join(dir, 'slow.cjs'), standIn(60_000));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const files = { key: 'crawl', files: {} as never };

/** A pool whose threads are the stand-ins given, in order (its own script, for any further thread, is the first's). */
function poolOf(scripts: string[], concurrency: number, maxThreads: number): { pool: ThreadPool; workers: Worker[] } {
  const workers = scripts.map((script) => new Worker(path.join(dir, script)));
  const options = {
    workerUrl: pathToFileURL(path.join(dir, scripts[0]!)),
    allowPrivate: true,
    lowerPriority: false,
    limits: THREAD_LIMITS,
  };
  return { pool: new ThreadPool(options, concurrency, maxThreads, workers), workers };
}

describe('ThreadPool', () => {
  it('at its thread limit, gives work to a loaded thread with room before one still loading', async () => {
    const {
      pool,
      workers: [fast],
    } = poolOf(['fast.cjs', 'slow.cjs'], 4, 2);
    try {
      pool.warm();
      expect(pool.size).toBe(2);
      const picked: AuditThread[] = [];
      const pick = (thread: AuditThread) => (
        picked.push(thread),
        thread.robots('https://example.com/', files, new AbortController().signal)
      );
      // Once the fast one has loaded: the first piece takes it idle, the second shares it rather than wait on the slow one.
      while (!(await pool.onThread(async (thread) => thread.ready))) await new Promise((resolve) => setTimeout(resolve, 20));
      await Promise.all([pool.onThread(pick), pool.onThread(pick)]);
      expect(picked.map((thread) => thread.worker)).toEqual([fast, fast]);
      expect(picked[0]!.ready).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('below its thread limit, gives work to an idle thread still loading before it starts another', async () => {
    const {
      pool,
      workers: [slow],
    } = poolOf(['slow.cjs'], 2, 2);
    try {
      pool.warm(1);
      const first = await pool.onThread(async (thread) => thread.worker);
      expect(first).toBe(slow);
      expect(pool.size).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
