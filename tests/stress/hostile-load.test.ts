/**
 * Hostile sites under load: 20 POST /audits of hostile sites (drip-feed, 50 MB page, gzip bomb,
 * redirect loop, thousands of scripts, 100,000 levels of nesting) are in flight at once against the
 * built server, while a reader sends GET /api/v1/audits/{id} for stored audits at a fixed rate.
 *
 * Latency is measured open-loop: each GET has a scheduled send time, 20 ms apart, and its latency runs
 * from that time to the last byte of the answer, so a stalled event loop counts against every request
 * scheduled during the stall (a closed loop would send one request per stall and hide it). Memory is
 * the server's own, from /proc/<pid>/status: VmRSS sampled every 50 ms and the kernel's peak (VmHWM).
 *
 * Acceptance (the issue): p99 < 100 ms and RSS < 600 MB, asserted in full mode (`npm run test:stress`,
 * meant for an otherwise idle machine). The short form inside `npm test` shares two cores with the other
 * test projects, so it asserts a looser latency bound (p99 < 500 ms; measured about 80 ms there) that
 * still catches what it is for: engine work back on the API thread (p99 over 2 s before the audits moved
 * to worker threads), or an unbounded body in memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { createAccounts, type TestAccount } from './helpers/accounts.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { memoryOf } from './helpers/memory.js';
import { report, sized, STRESS_MODE } from './helpers/mode.js';

const AUDITS = 20;
const KINDS = ['/drip', '/huge', '/bomb', '/loop/a', '/scripts', '/deep'] as const;
const READ_EVERY_MS = 20;
const STORED_AUDITS = 100; // within one account's 120 PUT /audits per minute
const LIMITS = { p99Ms: sized(500, 100), rssMb: 600 };

let dataDir: string;
let sites: ChildProcess;
let sitesUrl: string;
let server: ServerProcess;
let accounts: TestAccount[];
const storedIds: string[] = [];

beforeAll(async () => {
  sites = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/hostile-sites.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  sitesUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: sites.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    sites.once('exit', (code) => reject(new Error(`hostile sites exited with ${code}`)));
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-hostile-'));
  accounts = await createAccounts(dataDir, Math.ceil(AUDITS / 10) + 1); // 10 POST /audits per minute per account
  server = await startServerProcess({
    bundle: inject('stressServerBundle'),
    env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' },
    keepRequestLog: false,
  });
  const reader = accounts[0]!;
  for (let i = 0; i < STORED_AUDITS; i++) {
    const audit = extensionAudit();
    const res = await fetch(`${server.url}/api/v1/audits/${audit.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${reader.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ audit }),
    });
    expect(res.status).toBe(201);
    storedIds.push(audit.id);
  }
});
afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  sites?.kill('SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Open-loop GETs at a fixed rate until `stop()`; resolves with every latency in ms (failures are Infinity). */
function startReader(base: string, key: string, ids: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const errors: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  let stopped = false;
  let timer: NodeJS.Timeout;

  let staleRetries = 0;
  const one = (scheduledAt: number, id: string, retried = false): Promise<void> =>
    new Promise<void>((resolve) => {
      const req = http.get(`${base}/api/v1/audits/${id}`, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - scheduledAt);
          statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
          resolve();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as idle just as it was reused: every HTTP client retries
        // that once (Node's documentation shows how); the retry's time still counts from the schedule.
        if (!retried && req.reusedSocket && error.code === 'ECONNRESET') {
          staleRetries++;
          return void one(scheduledAt, id, true).then(resolve);
        }
        errors.push(error.message);
        latencies.push(Number.POSITIVE_INFINITY);
        resolve();
      });
    });
  // Sends every request whose scheduled time has come (several at once after a stall of this process).
  const tick = () => {
    const due = Math.floor((performance.now() - started) / READ_EVERY_MS);
    while (sent <= due && !stopped) {
      const p = one(started + sent * READ_EVERY_MS, ids[sent % ids.length]!);
      inFlight.add(p);
      void p.then(() => inFlight.delete(p));
      sent++;
    }
    if (!stopped) timer = setTimeout(tick, Math.max(0, started + sent * READ_EVERY_MS - performance.now()));
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return { latencies, statuses, errors, staleRetries };
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('hostile sites under load', () => {
  it(`serves GET /audits/{id} with p99 < ${LIMITS.p99Ms} ms and stays under ${LIMITS.rssMb} MB RSS while ${AUDITS} hostile audits run`, async () => {
    const rssSamples: number[] = [];
    const sampler = setInterval(() => rssSamples.push(memoryOf(server.pid).rssMb), 50);
    const reader = startReader(server.url, accounts[0]!.key, storedIds);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a baseline before the audits start

    const t0 = performance.now();
    const audits = await Promise.all(
      Array.from({ length: AUDITS }, async (_, i) => {
        const kind = KINDS[i % KINDS.length]!;
        const account = accounts[1 + Math.floor(i / 10)]!;
        const started = performance.now();
        const res = await fetch(`${server.url}/api/v1/audits`, {
          method: 'POST',
          headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${sitesUrl}${kind}` }),
        });
        const body = (await res.json()) as { audit?: { score: number }; error?: string };
        return { kind, status: res.status, ms: performance.now() - started, score: body.audit?.score, error: body.error };
      }),
    );
    const auditsMs = performance.now() - t0;
    const { latencies, statuses, errors, staleRetries } = await reader.stop();
    clearInterval(sampler);
    const { peakMb } = memoryOf(server.pid);

    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const maxRss = Math.max(...rssSamples);
    const byKind = KINDS.map((kind) => {
      const of = audits.filter((a) => a.kind === kind);
      return `${kind.padEnd(9)} ${of.map((a) => `${a.status} in ${(a.ms / 1000).toFixed(1)} s${a.error ? ` (${a.error.slice(0, 60)})` : ` score ${a.score}`}`).join('; ')}`;
    });
    report(`hostile sites under load: ${AUDITS} audits in flight`, [
      ...byKind,
      `all ${AUDITS} audits answered in ${(auditsMs / 1000).toFixed(1)} s (4 run at once, the rest wait in line)`,
      `GET /api/v1/audits/{id}, open loop every ${READ_EVERY_MS} ms: ${latencies.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, failed ${errors.length}${errors.length ? ` (${[...new Set(errors)].join('; ')})` : ''}, retried once on a stale kept-alive socket ${staleRetries}`,
      `latency p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (limit p99 < ${LIMITS.p99Ms} ms in ${STRESS_MODE} mode)`,
      `server RSS: sampled max ${maxRss.toFixed(0)} MB, kernel peak (VmHWM) ${peakMb.toFixed(0)} MB (limit ${LIMITS.rssMb} MB)`,
      `machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}`,
    ]);

    for (const a of audits) {
      const expected = a.kind === '/drip' || a.kind === '/loop/a' ? 422 : 201;
      expect(a.status, `${a.kind}: ${a.error ?? ''}`).toBe(expected);
    }
    expect(errors).toEqual([]);
    expect([...statuses.keys()]).toEqual([200]);
    expect(p99).toBeLessThan(LIMITS.p99Ms);
    expect(peakMb).toBeLessThan(LIMITS.rssMb);
  });
});
