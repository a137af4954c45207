import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deadlineSignal } from '../../../server/net/deadline-signal.js';

describe('deadlineSignal', () => {
  it('aborts a request to a server that never answers even after a garbage collection', async () => {
    const script = fileURLToPath(new URL('../helpers/deadline-gc-check.ts', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--expose-gc', '--import', 'tsx', script], { timeout: 30_000 }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { deadlineSignal: string; anyWithTimeout: string };
    expect(result.deadlineSignal).toBe('TimeoutError');
    // What it replaces, for the record: on Node 20.20 this printed "still pending" (the timeout was collected).
    console.log(`AbortSignal.any([..., AbortSignal.timeout()]) after GC: ${result.anyWithTimeout}`);
  });

  it('follows the outer signal, reports which one fired, and stops listening once cleared', () => {
    const outer = new AbortController();
    const d = deadlineSignal(60_000, outer.signal);
    outer.abort(new Error('cancelled'));
    expect(d.signal.aborted).toBe(true);
    expect(d.timedOut).toBe(false);
    expect((d.signal.reason as Error).message).toBe('cancelled');
    d.clear();

    const already = new AbortController();
    already.abort();
    expect(deadlineSignal(60_000, already.signal).signal.aborted).toBe(true);
  });

  it('times out on its own and says so', async () => {
    const d = deadlineSignal(10);
    await new Promise((resolve) => d.signal.addEventListener('abort', resolve, { once: true }));
    expect(d.timedOut).toBe(true);
    expect((d.signal.reason as DOMException).name).toBe('TimeoutError');
  });
});
