/**
 * Counting an upload while it arrives: the body in pieces of any size (plain, gzip, gzip cut short) gives the
 * same chunks as the spool file read whole, and the held chunks, committed merged, store the same traffic as
 * the spool file read chunk by chunk from its cursor.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../server/logging/logger.js';
import type { StoredIngest } from '../../../server/store/contracts/traffic.js';
import { INGEST_AT, storedIngest } from './stored-ingest.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { chunkParts } from '../../../server/traffic/chunk-parts.js';
import { ChunkReader } from '../../../server/traffic/chunk-reader.js';
import { readIngest } from '../../../server/traffic/read-ingest.js';
import { spoolFileOf } from '../../../server/traffic/spool-upload.js';
import { trafficOfDays } from '../../../server/traffic/traffic-of-days.js';
import { UploadParse, type HeldChunk } from '../../../server/traffic/upload-parse.js';
import { UploadParseThread } from '../../../server/traffic/upload-parse-thread.js';
import { nginx, UA } from '../../logs/samples.js';

const AT = INGEST_AT;
const CHUNK = 30_000;
const line = (i: number) =>
  nginx(
    i % 3 ? '20.171.206.12' : '192.0.2.44',
    `0${1 + Math.floor(i / 1000)}/Aug/2026:10:00:00 +0000`,
    `GET /p${i % 40} HTTP/1.1`,
    i % 7 ? 200 : 404,
    '-',
    i % 2 ? UA.gptbot : UA.claudebot,
  );
const LOG = Buffer.from(
  Array.from({ length: 4000 }, (_, i) => (i === 1234 ? 'not a log line' : line(i))).join('\n') + '\nlast line without a newline',
);

/** The body as it would arrive: pieces of the given sizes, in turn. */
function pieces(body: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < body.length; i++) {
    const size = sizes[i % sizes.length]!;
    out.push(body.subarray(at, at + size));
    at += size;
  }
  return out;
}

async function received(body: Buffer, sizes: number[]): Promise<HeldChunk[]> {
  const parse = new UploadParse({ chunkBytes: CHUNK });
  for (const piece of pieces(body, sizes)) parse.write(piece);
  return parse.finish();
}

/** The same, counted on a thread. */
async function receivedOnThread(body: Buffer, sizes: number[]): Promise<HeldChunk[] | null> {
  const parse = new UploadParseThread({ chunkBytes: CHUNK });
  for (const piece of pieces(body, sizes)) parse.write(piece);
  const held = await parse.finish();
  expect(parse.failure).toBeNull();
  return held;
}

/** What a ChunkReader cuts from the whole log at once (as from the spool file). */
function readWhole(log: Buffer): HeldChunk[] {
  const reader = new ChunkReader({ chunkBytes: CHUNK });
  const cuts = [...reader.push(log, 0), reader.end()];
  return cuts.map((c) => ({ from: c.from, to: c.to, parts: chunkParts(c.counted) }));
}

const shape = (held: HeldChunk[]) => held.map((h) => ({ from: h.from, to: h.to, lines: h.parts.lines, days: h.parts.days.length }));

const ingest = (id: string) => storedIngest(id, { project_id: id === 'ing_held' ? 'prj_held' : 'prj_file' });

describe('counting an upload while it arrives', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('a plain body in pieces of any size is cut as the whole file is', async () => {
    const whole = shape(readWhole(LOG));
    expect(whole.length).toBeGreaterThan(5);
    expect(whole.reduce((n, c) => n + c.lines, 0)).toBe(4001);
    for (const sizes of [[1], [7, 1, 4096], [65_536], [LOG.length]])
      expect(shape(await received(LOG, sizes)), String(sizes)).toEqual(whole);
  });

  it('a gzip body, whole or cut short, is gunzipped on the way: the lines before a cut count, the cut is a problem', async () => {
    const gz = gzipSync(LOG);
    expect(shape(await received(gz, [1, 3, 999]))).toEqual(shape(readWhole(LOG)));
    const cut = await received(gz.subarray(0, Math.floor(gz.length / 2)), [4096]);
    const lines = cut.reduce((n, c) => n + c.parts.lines, 0);
    expect(lines).toBeGreaterThan(100);
    expect(lines).toBeLessThan(4001);
    const problems = cut.flatMap((c) => c.parts.problems);
    // The line the cut split in two is one problem (unless it fell between lines), the cut itself the last.
    expect(problems.length).toBeGreaterThanOrEqual(1);
    expect(problems.at(-1)!.reason).toMatch(/gzip data broke off/);
  });

  it('one byte, or nothing after the gzip magic: no lines, no error', async () => {
    expect((await received(Buffer.from('x'), [1])).map((h) => h.parts.lines)).toEqual([1]);
    expect((await received(Buffer.from([0x1f, 0x8b]), [1])).flatMap((h) => h.parts.problems).map((p) => p.reason)).toEqual([
      expect.stringMatching(/gzip data broke off/),
    ]);
  });

  it('on its own thread, plain or gzip, the upload is held as on the request thread, problems included', async () => {
    const here = await received(LOG, [4096]);
    const there = await receivedOnThread(LOG, [7, 1, 65_536]);
    expect(there).toEqual(here);
    const gz = gzipSync(LOG);
    expect(await receivedOnThread(gz, [1, 999])).toEqual(await received(gz, [4096]));
    const cut = gz.subarray(0, Math.floor(gz.length / 2));
    expect(await receivedOnThread(cut, [4096])).toEqual(await received(cut, [4096]));
  });

  it('the body holds back while the thread is behind, and reads on once it has taken the bytes', async () => {
    const parse = new UploadParseThread({ chunkBytes: 4 * 1024 * 1024 });
    const big = Buffer.concat(Array.from({ length: 200 }, () => LOG)); // about 20 MB: more than the thread's line holds
    const piece = 1024 * 1024;
    let held = 0;
    for (let at = 0; at < big.length; at += piece)
      if (!parse.write(big.subarray(at, at + piece))) {
        held++;
        await new Promise<void>((resume) => parse.onDrain(resume));
      }
    expect(held).toBeGreaterThan(0);
    const chunks = (await parse.finish())!;
    expect(chunks.reduce((n, c) => n + c.parts.lines, 0)).toBe(200 * 4001 - 199); // the last line of each copy runs into the next
  });

  it('a thread that dies answers null with why (the spool file is read instead); an aborted one answers null too', async () => {
    const dying = new UploadParseThread({ chunkBytes: CHUNK }, new URL('./fixtures/dying-upload-worker.mjs', import.meta.url));
    dying.write(LOG);
    await new Promise<void>((resume) => dying.onDrain(resume)); // never stuck on a dead thread
    expect(await dying.finish()).toBeNull();
    expect(dying.failure).toMatch(/exit code 3/);
    const aborted = new UploadParseThread({ chunkBytes: CHUNK });
    aborted.write(LOG);
    aborted.abort();
    expect(await aborted.finish()).toBeNull();
    expect(aborted.failure).toBeNull();
  });

  it('the held chunks, committed merged, store what the spool file read chunk by chunk stores', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-upload-parse-'));
    dirs.push(dir);
    const store = await LowdbStore.open(dir);
    const traffic = await store.traffic();
    const options = { traffic: async () => traffic, spoolDir: dir, now: () => new Date(AT), logger: silentLogger, chunkBytes: CHUNK };
    const commits: number[] = [];
    const counted = { ...options, onChunk: (_: StoredIngest, parts: { lines: number }) => void commits.push(parts.lines) };
    for (const id of ['ing_held', 'ing_file']) {
      await traffic.createIngest(ingest(id));
      await writeFile(spoolFileOf(dir, ingest(id).project_id, id), LOG);
    }
    await readIngest(counted, ingest('ing_held'), () => false, await received(LOG, [8192]));
    expect(commits).toEqual([4001]); // one commit for the whole upload
    await readIngest(options, ingest('ing_file'), () => false);
    const held = (await traffic.getIngest('prj_held', 'ing_held'))!;
    const file = (await traffic.getIngest('prj_file', 'ing_file'))!;
    expect(held).toMatchObject({ status: 'done', lines: 4001, offset: LOG.length });
    expect(file).toMatchObject({ status: 'done', lines: 4001, offset: LOG.length });
    expect(held.problems).toEqual(file.problems);
    const of = async (project: string) =>
      trafficOfDays(
        await traffic.listWindow(project, '2026-08-01', '2026-08-31'),
        { since: NaN, until: NaN },
        { agent: null, purpose: null },
      );
    const [a, b] = [await of('prj_held'), await of('prj_file')];
    expect(a.parsed).toBe(3999); // 4001 lines, two of them unreadable
    expect(a.agents).toEqual(b.agents);
    expect(a.series).toEqual(b.series);
    expect(a.agents.map((x) => [x.agent, x.hits, x.verified + x.spoofed + x.unverified])).toEqual([
      ['GPTBot', 2000, 2000],
      ['ClaudeBot', 1999, 1999],
    ]);
    await store.close();
  });
});
