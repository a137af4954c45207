/**
 * Reading an upload in committed chunks: a run stopped after any chunk (even right after a commit it never
 * heard back from) resumes from the stored cursor with a new process's store, and every line counts once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrafficStore } from '../../../server/store/contracts/traffic.js';
import { INGEST_AT, storedIngest } from './stored-ingest.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { IngestStopped, runIngest } from '../../../server/traffic/ingest-runner.js';
import { trafficOfDays } from '../../../server/traffic/traffic-of-days.js';
import { nginx, UA } from '../../logs/samples.js';

const AT = INGEST_AT;
const line = (i: number) =>
  nginx('20.171.206.12', `0${1 + (i % 3)}/Aug/2026:10:00:00 +0000`, `GET /p${i % 50} HTTP/1.1`, 200, '-', i % 2 ? UA.gptbot : UA.claudebot);
const LOG = Array.from({ length: 5000 }, (_, i) => line(i)).join('\n') + '\nlast line without a newline';

const ingest = (id: string) => storedIngest(id, { status: 'ingesting' });

/** The store as a process killed after its `after`-th commit sees it: that commit is durable, the run never hears of it. */
function dyingAfter(traffic: TrafficStore, after: number): TrafficStore {
  let commits = 0;
  return new Proxy(traffic, {
    get(target, key) {
      if (key !== 'commitChunk') return Reflect.get(target, key);
      return async (chunk: Parameters<TrafficStore['commitChunk']>[0]) => {
        await target.commitChunk(chunk);
        if (++commits === after) throw new Error('killed');
        return true;
      };
    },
  });
}

describe('ingest runner', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  for (const gzip of [false, true]) {
    it(`${gzip ? 'a gzip' : 'a plain'} upload stopped after a commit resumes and counts every line once`, async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-ingest-'));
      dirs.push(dir);
      const file = path.join(dir, 'upload.log');
      await writeFile(file, gzip ? gzipSync(LOG) : LOG);
      let store = await LowdbStore.open(dir);
      await (await store.traffic()).createIngest(ingest('ing_a'));
      const run = (traffic: TrafficStore) => ({ traffic, now: () => new Date(AT), chunkBytes: 40_000 });
      const first = runIngest(
        run(dyingAfter(await store.traffic(), 3)),
        (await (await store.traffic()).getIngest('prj_a', 'ing_a'))!,
        file,
      );
      await expect(first).rejects.toThrow('killed');
      await store.close();

      store = await LowdbStore.open(dir); // a new process
      const traffic = await store.traffic();
      const stopped = (await traffic.getIngest('prj_a', 'ing_a'))!;
      expect(stopped.offset).toBeGreaterThan(0);
      expect(stopped.lines).toBeGreaterThan(0);
      expect(stopped.lines).toBeLessThan(5001);
      await runIngest(run(traffic), stopped, file);
      const finished = (await traffic.getIngest('prj_a', 'ing_a'))!;
      expect(finished.lines).toBe(5001);
      expect(finished.offset).toBe(Buffer.byteLength(LOG));
      expect(finished.problems).toHaveLength(1);
      const t = trafficOfDays(
        await traffic.listWindow('prj_a', '2026-08-01', '2026-08-31'),
        { since: NaN, until: NaN },
        { agent: null, purpose: null },
      );
      expect(t.agents.map((a) => [a.agent, a.hits])).toEqual([
        ['ClaudeBot', 2500],
        ['GPTBot', 2500],
      ]);
      expect(t.series.map((s) => s.hits_by_purpose.training)).toEqual([1667, 1667, 1666]);
      await store.close();
    });
  }

  it('a run asked to stop ends at a committed chunk; resumed, its problems keep their line numbers in the file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-ingest-'));
    dirs.push(dir);
    const file = path.join(dir, 'upload.log');
    const lines = Array.from({ length: 3000 }, (_, i) => (i === 99 || i === 2899 ? 'not a log line' : line(i)));
    await writeFile(file, lines.join('\n') + '\n');
    const store = await LowdbStore.open(dir);
    const traffic = await store.traffic();
    await traffic.createIngest(ingest('ing_s'));
    let commits = 0;
    const run = { traffic, now: () => new Date(AT), chunkBytes: 40_000, onChunk: () => void commits++, stopping: () => commits >= 2 };
    await expect(runIngest(run, (await traffic.getIngest('prj_a', 'ing_s'))!, file)).rejects.toBeInstanceOf(IngestStopped);
    const stopped = (await traffic.getIngest('prj_a', 'ing_s'))!;
    expect(commits).toBe(2);
    expect(stopped.lines).toBeLessThan(2899);
    expect(stopped.problems.map((p) => p.line)).toEqual([100]);
    await runIngest({ ...run, stopping: () => false }, stopped, file);
    const finished = (await traffic.getIngest('prj_a', 'ing_s'))!;
    expect(finished.lines).toBe(3000);
    expect(finished.problems.map((p) => p.line)).toEqual([100, 2900]);
    await store.close();
  });
});
