/**
 * RSS of this Node process and of Chromium's processes while one renderer host (server/render/, on this thread
 * as in the CLI) renders the same loopback page `total` times, RENDER_CONCURRENCY at once. Sampled after a
 * garbage collection at render 1, 100, then every tenth of the run and after the last.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRenderHost } from '../../server/render/render-host.js';
import { readRenderSettings } from '../../server/settings/render-settings.js';
import { childTreeMemory, type TreeMemory } from './process-memory.js';
import { treeCpuMs } from './process-cpu.js';

export interface MemorySample {
  renders: number;
  nodeMb: number;
  chromium: TreeMemory;
}

export interface RenderMemory {
  samples: MemorySample[];
  failed: number;
  concurrency: number;
  rendersPerSecond: number;
  /** CPU time per render from render 100 to the last: Node and every Chromium process, ended renderers included. */
  cpuMsPerRender: number;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function sample(renders: number): MemorySample {
  gc();
  const s = { renders, nodeMb: process.memoryUsage().rss / 2 ** 20, chromium: childTreeMemory() };
  console.log(
    `after render ${String(renders).padStart(5)}: Node RSS ${s.nodeMb.toFixed(0)} MB; Chromium ${s.chromium.processes} processes, ` +
      `RSS ${s.chromium.rssMb.toFixed(0)} MB, PSS ${s.chromium.pssMb.toFixed(0)} MB`,
  );
  return s;
}

export async function measureRenderMemory(url: string, total: number, chromiumPath: string): Promise<RenderMemory> {
  const settings = { ...readRenderSettings({ ...process.env, RENDER_CHROMIUM_PATH: chromiumPath }) };
  const host = createRenderHost(settings, { allowPrivate: true });
  const marks = new Set([1, 100, total, ...Array.from({ length: 10 }, (_, i) => Math.round(((i + 1) * total) / 10))]);
  const samples: MemorySample[] = [];
  let done = 0;
  let failed = 0;
  let cpuAt100 = 0;
  let cpuMsPerRender: number | undefined;
  const t0 = performance.now();
  try {
    // Batches of `concurrency` renders, so every mark falls between two batches with no render in flight.
    while (done < total) {
      const batch = Math.min(settings.concurrency, total - done, nextMark(marks, done) - done);
      const results = await Promise.allSettled(Array.from({ length: batch }, () => host.render(url)));
      for (const r of results) {
        if (r.status !== 'rejected') continue;
        failed++;
        if (failed <= 3) console.log(`render failed: ${String(r.reason)}`);
      }
      done += batch;
      if (marks.has(done)) samples.push(sample(done));
      if (done === 100) cpuAt100 = treeCpuMs();
    }
  } finally {
    cpuMsPerRender = (treeCpuMs() - cpuAt100) / Math.max(1, total - 100);
    await host.close();
  }
  return {
    samples,
    failed,
    concurrency: settings.concurrency,
    rendersPerSecond: total / ((performance.now() - t0) / 1000),
    cpuMsPerRender: cpuMsPerRender ?? 0,
  };
}

function nextMark(marks: Set<number>, done: number): number {
  return Math.min(...[...marks].filter((m) => m > done));
}
