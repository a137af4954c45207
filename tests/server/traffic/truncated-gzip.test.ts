/**
 * A gzip log cut short counts every line before the cut, whoever reads it and however its bytes arrive: the CLI
 * (a file read in pieces), an upload counted while it arrives (any piece size, on the request thread or its own),
 * and the spool file read by an ingest. Node's gunzip used to drop what the last piece decompressed to.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { LogIngest } from '../../../shared/logs/ingest/log-ingest.js';
import { readStream } from '../../../server/logs/read-input.js';
import { silentLogger } from '../../../server/logging/logger.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { readIngest } from '../../../server/traffic/read-ingest.js';
import { spoolFileOf } from '../../../server/traffic/spool-upload.js';
import { UploadParse } from '../../../server/traffic/upload-parse.js';
import { UploadParseThread } from '../../../server/traffic/upload-parse-thread.js';
import { nginx, UA } from '../../logs/samples.js';
import { storedIngest } from './stored-ingest.js';

const line = (i: number) =>
  nginx(`192.0.2.${i % 200}`, '04/Aug/2026:10:00:00 +0000', `GET /t${i % 50}/${i} HTTP/1.1`, 200, '-', i % 2 ? UA.gptbot : UA.chrome);
const LOG = Buffer.from(Array.from({ length: 20_000 }, (_, i) => line(i)).join('\n') + '\n');
const CUT = gzipSync(LOG).subarray(0, Math.floor(gzipSync(LOG).length * 0.6));
/** The lines complete in what the cut stream decompresses to. */
const COMPLETE = gunzipSync(CUT, { finishFlush: constants.Z_SYNC_FLUSH }).toString().split('\n').length - 1;

const OPEN = { format: 'auto', site: null, since: NaN, until: NaN } as const;

async function cliLines(file: string, piece: number): Promise<number> {
  const ingest = new LogIngest(OPEN);
  await readStream(createReadStream(file, { highWaterMark: piece }), ingest.input('cut.log.gz'));
  return ingest.traffic().lines;
}

async function uploadLines(parse: UploadParse | UploadParseThread, piece: number): Promise<number> {
  for (let at = 0; at < CUT.length; at += piece)
    if (!parse.write(CUT.subarray(at, at + piece))) await new Promise<void>((resume) => parse.onDrain(resume));
  return ((await parse.finish()) ?? []).reduce((n, c) => n + c.parts.lines, 0);
}

describe('a gzip log cut short', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('counts the same lines, every complete one, in the CLI, in an upload and from the spool file', async () => {
    expect(COMPLETE).toBeGreaterThan(5000);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-cut-gzip-'));
    dirs.push(dir);
    const file = path.join(dir, 'cut.log.gz');
    await writeFile(file, CUT);
    const counted: Record<string, number> = {};
    for (const piece of [4096, 65_536, 1 << 20]) {
      counted[`cli ${piece}`] = await cliLines(file, piece);
      counted[`upload ${piece}`] = await uploadLines(new UploadParse({}), piece);
      counted[`upload on a thread ${piece}`] = await uploadLines(new UploadParseThread({}), piece);
    }
    const store = await LowdbStore.open(dir);
    const traffic = await store.traffic();
    const ingest = storedIngest('ing_cut', { project_id: 'prj_cut' });
    await traffic.createIngest(ingest);
    await writeFile(spoolFileOf(dir, 'prj_cut', 'ing_cut'), CUT);
    await readIngest({ traffic: async () => traffic, spoolDir: dir, now: () => new Date(), logger: silentLogger }, ingest, () => false);
    counted['spool file'] = (await traffic.getIngest('prj_cut', 'ing_cut'))!.lines;
    await store.close();
    const all = new Set(Object.values(counted));
    expect(all.size, JSON.stringify(counted)).toBe(1);
    // Every complete line, plus the part of a line before the cut and the cut itself (each a problem line).
    expect(Object.values(counted)[0]).toBeGreaterThanOrEqual(COMPLETE);
    expect(Object.values(counted)[0]).toBeLessThanOrEqual(COMPLETE + 2);
  });
});
