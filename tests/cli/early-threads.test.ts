/**
 * `citable crawl`'s audit threads started by the launcher before the command loads (server/cli/crawl/early-threads.ts),
 * and the setup message that gives a thread started that way its settings (server/audits/worker-protocol.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlWillRun, startEarlyThreads, takeEarlyThreads } from '../../server/cli/crawl/early-threads.js';
import type { WorkerReply } from '../../server/audits/worker-protocol.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-early-'));
  // Answers every message with its own type, so a test can see the thread is alive and listening.
  await writeFile(
    path.join(dir, 'echo.cjs'),
    "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m.type));",
  );
  await writeFile(path.join(dir, 'dies.cjs'), 'process.exit(3);');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const answer = (worker: Worker, message: unknown) =>
  new Promise((resolve) => {
    worker.once('message', resolve);
    worker.postMessage(message);
  });

describe('early audit threads', () => {
  it('are started for a crawl that will run, not for help or a bare command', () => {
    expect(crawlWillRun(['crawl', 'https://example.com/'])).toBe(true);
    expect(crawlWillRun(['crawl', 'https://example.com/', '--help'])).toBe(false);
    expect(crawlWillRun(['crawl', '-h'])).toBe(false);
    expect(crawlWillRun(['crawl'])).toBe(false);
    expect(crawlWillRun(['audit', 'https://example.com/'])).toBe(false);
  });

  it('are handed out once, to the command that asks for the same script', async () => {
    const script = path.join(dir, 'echo.cjs');
    startEarlyThreads(script, 2);
    expect(takeEarlyThreads(path.join(dir, 'other.cjs'))).toEqual([]);
    const threads = takeEarlyThreads(script);
    expect(threads).toHaveLength(2);
    expect(takeEarlyThreads(script)).toEqual([]);
    for (const worker of threads) expect(await answer(worker, { type: 'setup' })).toBe('setup');
    await Promise.all(threads.map((worker) => worker.terminate()));
  });

  it('leaves out a thread that died before it was taken, and starts none for a script that is not there', async () => {
    const script = path.join(dir, 'dies.cjs');
    startEarlyThreads(script, 1);
    // Waits for the thread's exit as the launcher's holder records it (the handoff between the CLI's two bundles).
    const held = () => (globalThis as Record<symbol, { threads: { exited: boolean }[] }>)[Symbol.for('citable.earlyAuditThreads')]!;
    while (!held().threads[0]!.exited) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(takeEarlyThreads(script)).toEqual([]);
    startEarlyThreads(path.join(dir, 'missing.cjs'), 1);
    expect(takeEarlyThreads(path.join(dir, 'missing.cjs'))).toEqual([]);
  });
});

describe('the audit thread before its setup message', () => {
  it('refuses work that would fetch without its settings', async () => {
    const worker = new Worker(new URL('../server/helpers/audit-worker-source.mjs', import.meta.url));
    try {
      const refused = (await answer(worker, { type: 'run', id: 1, url: 'http://127.0.0.1:9/', deadlineMs: 5_000 })) as WorkerReply;
      expect(refused).toMatchObject({ type: 'failed', id: 1 });
      expect(JSON.stringify(refused)).toMatch(/before its setup message/);
    } finally {
      await worker.terminate();
    }
  });
});
