/**
 * POST /projects/{id}/logs, GET /projects/{id}/logs/{ingest_id}, GET /projects/{id}/traffic, and the bad uploads,
 * with uploads counted on the request thread and on their own thread.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../server/logging/logger.js';
import { LowdbStore } from '../../../../server/store/lowdb/store.js';
import { createTrafficService } from '../../../../server/traffic/traffic-service.js';
import { trafficEnvelopeSchema } from '../../../../shared/schema/traffic.js';
import { nginx, UA } from '../../../logs/samples.js';
import { until } from '../../../helpers/until.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

const LIMIT = 200_000;
const MB = 1024 * 1024;
const gpt = (i: number) =>
  nginx('20.171.206.12', `01/Aug/2026:10:00:${String(i % 60).padStart(2, '0')} +0000`, `GET /p${i % 7} HTTP/1.1`, 200, '-', UA.gptbot);
const claude = (i: number) => nginx('192.0.2.1', `02/Aug/2026:10:00:00 +0000`, `GET /c${i} HTTP/1.1`, 200, '-', UA.claudebot);
const log = (n: number, line = gpt) => Array.from({ length: n }, (_, i) => line(i)).join('\n') + '\n';

// Every upload of this file is small: once counted on the request thread, once each on its own counting thread.
describe.each([
  ['on the request thread', undefined],
  ['on a counting thread', 0],
])('log uploads and traffic, counted %s', (_, parseThreadMinBytes) => {
  let api: TestApi;
  let spoolDir: string;
  let projectId: string;
  const logger = createMemoryLogger();

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-logs-'));
    spoolDir = path.join(dataDir, 'spool');
    const store = await LowdbStore.open(dataDir);
    const traffic = createTrafficService({
      traffic: () => store.traffic(),
      spoolDir,
      maxUploadBytes: LIMIT,
      now: () => new Date(),
      logger,
      ...(parseThreadMinBytes === undefined ? {} : { parseThreadMinBytes }),
    });
    api = await startTestApi({ dataDir, store, traffic });
    const created = await api.request('POST', '/api/v1/projects', { body: { name: 'Acme', domain: 'acme.com' } });
    projectId = created.json.project.id;
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    // Counted where the describe says: a thread that failed would have been replaced by a read of the spool file.
    expect(logger.lines.filter((l) => String(l.msg).includes('thread'))).toEqual([]);
  });

  const upload = async (body: Uint8Array | string, headers: Record<string, string> = {}, project = projectId, key = api.key) => {
    const res = await fetch(`${api.url}/api/v1/projects/${project}/logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream', ...headers },
      body: body as BodyInit,
    });
    return { status: res.status, json: (await res.json()) as any, location: res.headers.get('location') };
  };
  const done = async (id: string, project = projectId) => {
    await api.citable.traffic.idle();
    const res = await api.request('GET', `/api/v1/projects/${project}/logs/${id}`);
    expect(res.status).toBe(200);
    return res.json.ingest;
  };
  const traffic = async (query = '', project = projectId) => {
    const res = await api.request('GET', `/api/v1/projects/${project}/traffic${query}`);
    expect(res.status).toBe(200);
    return trafficEnvelopeSchema.parse(res.json).traffic;
  };
  const hits = async (agent: string, query = '') => (await traffic(query)).agents.find((a) => a.agent === agent)?.hits ?? 0;

  it('an upload: 202 with its ingest, read in the background; the traffic from the rollups; the same bytes again: 200, counted once', async () => {
    const body = log(100);
    const first = await upload(body);
    expect(first.status).toBe(202);
    expect(first.json.ingest).toMatchObject({ status: 'queued', bytes: Buffer.byteLength(body), lines: 0 });
    expect(first.location).toBe(`/api/v1/projects/${projectId}/logs/${first.json.ingest.id}`);
    expect(await done(first.json.ingest.id)).toEqual({
      id: first.json.ingest.id,
      status: 'done',
      bytes: Buffer.byteLength(body),
      lines: 100,
    });
    expect(await hits('GPTBot')).toBe(100);
    const again = await upload(body);
    expect(again.status).toBe(200);
    expect(again.json.ingest).toMatchObject({ id: first.json.ingest.id, status: 'done', lines: 100 });
    await api.citable.traffic.idle();
    expect(await hits('GPTBot')).toBe(100);
    const t = await traffic('?since=2026-08-01&until=2026-08-01&purpose=training');
    expect(t.series).toEqual([
      { date: '2026-08-01', hits_by_purpose: expect.objectContaining({ training: 100, search: 0 }), referrals: 0 },
    ]);
    expect(t.top_pages.map((p) => p.path).sort()).toEqual(['/p0', '/p1', '/p2', '/p3', '/p4', '/p5', '/p6']);
    expect((await traffic('?purpose=search')).agents).toEqual([]);
  });

  it('gzip, with or without Content-Encoding; a truncated gzip upload keeps the lines before the cut', async () => {
    const gz = gzipSync(log(40, claude));
    const res = await upload(gz, { 'content-encoding': 'gzip' });
    expect(res.status).toBe(202);
    expect((await done(res.json.ingest.id)).lines).toBe(40);
    const cut = gzipSync(log(3000, (i) => claude(i + 1000)));
    const truncated = await upload(cut.subarray(0, Math.floor(cut.length / 2)));
    expect(truncated.status).toBe(202);
    const ingest = await done(truncated.json.ingest.id);
    expect(ingest.status).toBe('done');
    expect(ingest.lines).toBeGreaterThan(0);
    expect(ingest.lines).toBeLessThan(3001);
    const claudeHits = await hits('ClaudeBot', '?since=2026-08-02&until=2026-08-02');
    // The cut makes one problem, and the line it cut in two may be another.
    expect(claudeHits).toBeGreaterThanOrEqual(40 + ingest.lines - 2);
    expect(claudeHits).toBeLessThanOrEqual(40 + ingest.lines - 1);
  });

  it('binary garbage and a 10 MB line are problems, never errors: the readable lines around them count', async () => {
    const garbage = new Uint8Array(50_000).map((_, i) => (i * 7919) % 251);
    const res = await upload(garbage);
    expect(res.status).toBe(202);
    expect((await done(res.json.ingest.id)).status).toBe('done');
    const before = await hits('GPTBot');
    // 10 MB in one line, gzipped to fit the test's upload limit.
    const huge = Buffer.concat([Buffer.from(gpt(1) + '\n'), Buffer.alloc(10 * MB, 'a'), Buffer.from('\n' + gpt(2) + '\n')]);
    const big = await upload(gzipSync(huge));
    expect(big.status).toBe(202);
    expect(await done(big.json.ingest.id)).toMatchObject({ status: 'done', lines: 3 });
    expect(await hits('GPTBot')).toBe(before + 2);
  });

  it('a wrong Content-Encoding: 415; gzip announced but not sent: 400; an empty body: 400; nothing is kept', async () => {
    expect((await upload(log(3), { 'content-encoding': 'br' })).status).toBe(415);
    const notGzip = await upload(log(3), { 'content-encoding': 'gzip' });
    expect(notGzip.status).toBe(400);
    expect(notGzip.json.error).toMatch(/not gzip/);
    expect((await upload('')).status).toBe(400);
    expect((await readdir(spoolDir)).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('over LOG_UPLOAD_MAX_BYTES: 413, whether announced by Content-Length or found while streaming', async () => {
    const big = log(3000);
    expect(Buffer.byteLength(big)).toBeGreaterThan(LIMIT);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.json.error).toMatch(/LOG_UPLOAD_MAX_BYTES/);
    const chunks = [log(1500), log(1500)];
    const streamed = await fetch(`${api.url}/api/v1/projects/${projectId}/logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}` },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(new TextEncoder().encode(next));
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await readdir(spoolDir)).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('an upload cut off halfway counts nothing and leaves nothing; sent again whole, it counts once', async () => {
    const body = log(500, (i) => nginx('192.0.2.9', '03/Aug/2026:10:00:00 +0000', `GET /cut${i} HTTP/1.1`, 200, '-', UA.perplexity));
    await new Promise<void>((resolve) => {
      const req = http.request(`${api.url}/api/v1/projects/${projectId}/logs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.key}`, 'content-length': String(Buffer.byteLength(body)) },
      });
      req.on('error', () => resolve());
      req.write(body.slice(0, body.length / 2), () => setTimeout(() => req.destroy(), 50));
      req.on('close', () => resolve());
    });
    await until('the cut upload is cleaned up', async () => (await readdir(spoolDir)).filter((f) => f.endsWith('.part')).length === 0);
    await api.citable.traffic.idle();
    expect(await hits('PerplexityBot')).toBe(0);
    const whole = await upload(body);
    expect(whole.status).toBe(202);
    expect((await done(whole.json.ingest.id)).lines).toBe(500);
    expect(await hits('PerplexityBot')).toBe(500);
  });

  it("another account's project, and unknown ids: 404 on every route", async () => {
    const other = await api.newAccount('agency');
    const res = await upload(log(2), {}, projectId, other.key);
    expect(res.status).toBe(404);
    for (const p of [`/api/v1/projects/${projectId}/traffic`, `/api/v1/projects/${projectId}/logs/ing_0000000000000000`])
      expect((await api.request('GET', p, { key: other.key })).status).toBe(404);
    expect((await api.request('GET', `/api/v1/projects/${projectId}/logs/ing_0000000000000000`)).status).toBe(404);
    expect((await api.request('GET', `/api/v1/projects/prj_0000000000000000/traffic`)).status).toBe(404);
  });

  it('deleting a project deletes its traffic: a project of the same name starts with none', async () => {
    const created = await api.request('POST', '/api/v1/projects', { body: { name: 'Gone', domain: 'gone.example' } });
    const gone = created.json.project.id as string;
    const sent = await upload(log(30, claude), {}, gone);
    expect((await done(sent.json.ingest.id, gone)).lines).toBe(30);
    expect((await traffic('', gone)).parsed).toBe(30);
    expect((await api.request('DELETE', `/api/v1/projects/${gone}`)).status).toBe(204);
    const stored = await api.store.traffic();
    expect(await stored.getIngest(gone, sent.json.ingest.id)).toBeNull();
    expect(await stored.listDays(gone, '2026-01-01', '2026-12-31')).toEqual([]);
    expect(await stored.listWindow(gone, '2026-01-01', '2026-12-31')).toEqual([]);
  });

  it('bad traffic queries: 400 naming the parameter', async () => {
    for (const [query, message] of [
      ['?since=2026-02-30', /since must be an ISO 8601 date/],
      ['?since=2026-09-02&until=2026-09-01', /since must not be after until/],
      ['?purpose=robots', /purpose must be one of training/],
      ['?agent=a&agent=b', /"agent" must be given once/],
    ] as const) {
      const res = await api.request('GET', `/api/v1/projects/${projectId}/traffic${query}`);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(message);
    }
  });
});
