/**
 * Webhooks, on the built server with 10,000 stored audits and a healthy receiver on loopback,
 * each in its own process (so neither the receiver's work nor the event generator's delays the load
 * generator's measurements):
 *  - event to first delivery attempt: audits synced one after another (PUT /audits/{id}, an extension's
 *    audit), from each `audit.completed` event's `created_at` to its arrival at the receiver: p99 ≤ 1 s;
 *  - 1,000 deliveries: 1,000 events (POST /webhooks/{id}/test, 10 at a time) for one webhook, from the first
 *    event's `created_at` to the 1,000th arrival: ≤ 10 s;
 *  - GET /api/v1/audits/{id} p99 at 50 connections while deliveries run (another process creating events
 *    through the API at burst/seconds a second, 100 by default, each delivered): ≤ 50 ms (the same load
 *    without them is measured first, for comparison); and while deliveries alone run: `burst` events whose
 *    first attempt the receiver refused (503), their retries due 30 s (±10 %) later, during the load.
 *
 *   npx tsx bench/webhook.bench.ts [syncs=100] [burst=1000] [seconds=10]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { extensionAudit } from '../tests/server/helpers/extension-audit.js';
import { seedDataDir } from './store-seed.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const syncs = Math.min(100, Number(process.argv[2] ?? 100)); // PUT allows 120 syncs a minute
const burst = Number(process.argv[3] ?? 1000);
const seconds = Number(process.argv[4] ?? 10);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

/**
 * The receiver: answers every POST with `status` (204, or what GET /status/N set), remembering each event
 * it accepted (created_at, arrival); GET /take hands those over and forgets them; GET /refused counts the rest.
 */
const RECEIVER = `
import { createServer } from 'node:http';
let got = [], refused = 0, status = 204;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c)).on('end', () => {
    if (req.url.startsWith('/status/')) { status = Number(req.url.slice(8)); return res.end(); }
    if (req.url === '/refused') return res.end(String(refused));
    if (req.method === 'GET') { res.end(JSON.stringify(got)); got = []; return; }
    const at = Date.now();
    const event = JSON.parse(Buffer.concat(chunks).toString());
    if (status >= 300) refused++;
    else got.push({ id: event.id, type: event.type, created: Date.parse(event.created_at), at });
    res.writeHead(status).end();
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** Creates ping events at RATE per second (at most 16 requests in flight) until SIGTERM; prints how many. */
const EVENT_LOAD = `
let running = true, made = 0, inFlight = 0;
const pending = new Set();
process.on('SIGTERM', () => { running = false; });
console.log('started');
const fire = () => {
  inFlight++;
  const p = fetch(process.env.URL, { method: 'POST', headers: { authorization: 'Bearer ' + process.env.KEY } })
    .then(async (r) => { await r.arrayBuffer(); if (r.status === 202) made++; })
    .finally(() => { inFlight--; pending.delete(p); });
  pending.add(p);
};
const interval = 1000 / Number(process.env.RATE);
let next = performance.now();
while (running) {
  next += interval;
  const wait = next - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (inFlight < 16) fire();
}
await Promise.allSettled([...pending]);
console.log(made);
`;

function node(script: string, env: Record<string, string> = {}): { child: ChildProcess; lines: string[]; next: () => Promise<string> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  });
  let read = 0;
  const next = async () => {
    while (lines.length <= read) await new Promise((resolve) => setTimeout(resolve, 10));
    return lines[read++]!;
  };
  return { child, lines, next };
}

const stop = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.on('exit', resolve), child.kill('SIGTERM'))));

if (!process.env.BENCH_SKIP_BUILD) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-webhook-bench-'));
const figures: BenchFigure[] = [];
const notes: string[] = [];
const receiver = node(RECEIVER);
let server: ChildProcess | null = null;
try {
  const seeded = await seedDataDir(dataDir, 10_000);
  const receiverUrl = `http://127.0.0.1:${await receiver.next()}`;
  type Arrival = { id: string; type: string; created: number; at: number };
  const take = async (): Promise<Arrival[]> => (await fetch(`${receiverUrl}/take`)).json() as Promise<Arrival[]>;

  const logFile = path.join(dataDir, 'server.log');
  const log = await open(logFile, 'w');
  server = spawn(
    process.execPath,
    [...(process.env.SERVER_NODE_FLAGS ? process.env.SERVER_NODE_FLAGS.split(' ') : []), path.join(root, 'dist/server.mjs')],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', AUDIT_ALLOW_PRIVATE: '1' },
      stdio: ['ignore', log.fd, 'inherit'],
    },
  );
  let url = '';
  while (!url) {
    const line = (await readFile(logFile, 'utf8')).split('\n').find((l) => l.includes('"msg":"listening"'));
    if (line) url = JSON.parse(line).url;
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const auth = { authorization: `Bearer ${seeded.key}`, 'content-type': 'application/json' };
  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/api/v1${route}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const waitFor = async (count: number, limitMs: number): Promise<Arrival[]> => {
    const got: Arrival[] = [];
    const until = Date.now() + limitMs;
    while (got.length < count && Date.now() < until) {
      got.push(...(await take()));
      if (got.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return got;
  };

  // 1. Event to first delivery attempt: audit.completed of audits synced one after another.
  const completed = (await api('POST', '/webhooks', { url: `${receiverUrl}/completed`, events: ['audit.completed'] })).webhook;
  const delays: number[] = [];
  for (let i = 0; i < syncs; i++) {
    const audit = { ...extensionAudit(randomUUID()), url: `https://bench.example/page-${i}`, final_url: `https://bench.example/page-${i}` };
    await api('PUT', `/audits/${audit.id}`, { audit });
    const [arrival] = await waitFor(1, 10_000);
    if (!arrival) throw new Error(`the audit.completed of sync ${i + 1} did not arrive within 10 s`);
    delays.push(arrival.at - arrival.created);
  }
  await api('DELETE', `/webhooks/${completed.id}`);
  const p50 = percentile(delays, 50);
  const p99 = percentile(delays, 99);
  console.log(
    `event to first delivery attempt (${syncs} audits synced one after another): p50 ${p50} ms, p99 ${p99} ms, max ${Math.max(...delays)} ms`,
  );
  figures.push(
    figure('event to first delivery attempt p50', p50, 'ms'),
    figure('event to first delivery attempt p99', p99, 'ms', { max: 1000 }),
  );

  // 2. 1,000 deliveries to one webhook.
  const pings = (await api('POST', '/webhooks', { url: `${receiverUrl}/pings`, events: ['ping'] })).webhook;
  const t0 = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (sent < burst) {
        sent++;
        await api('POST', `/webhooks/${pings.id}/test`);
      }
    }),
  );
  const createdMs = performance.now() - t0;
  const arrivals = await waitFor(burst, 120_000);
  const unique = new Set(arrivals.map((a) => a.id)).size;
  const firstCreated = Math.min(...arrivals.map((a) => a.created));
  const lastArrival = Math.max(...arrivals.map((a) => a.at));
  const burstSeconds = (lastArrival - firstCreated) / 1000;
  console.log(
    `${burst} deliveries to one loopback webhook: ${arrivals.length} arrived (${unique} distinct events) ${burstSeconds.toFixed(2)} s after the first event (the ${burst} events took ${(createdMs / 1000).toFixed(2)} s to create, 10 requests at a time)`,
  );
  figures.push(
    figure(`${burst.toLocaleString('en')} deliveries to a loopback receiver, first event to last arrival`, burstSeconds, 's', { max: 10 }),
    figure('deliveries received once each', unique, '', { min: burst, target: `${burst} of ${burst}` }),
  );

  // 3. GET /audits/{id} at 50 connections, alone, then while events are created and delivered at the rate
  //    that makes `burst` deliveries in `seconds` (1,000 in 10 s: 100 a second).
  const load = (duration: number) =>
    autocannon({
      url,
      connections: 50,
      duration,
      headers: { authorization: `Bearer ${seeded.key}` },
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, path: `/api/v1/audits/${seeded.ids[Math.floor(Math.random() * seeded.ids.length)]}` }),
        },
      ],
    });
  await load(2); // warm-up
  const quiet = await load(seconds);
  await take();
  const rate = Math.round(burst / seconds);
  const events = node(EVENT_LOAD, { URL: `${url}/api/v1/webhooks/${pings.id}/test`, KEY: seeded.key, RATE: String(rate) });
  await events.next(); // started
  const busy = await load(seconds);
  await stop(events.child);
  const made = Number(await events.next());
  const delivered = (await waitFor(made, 60_000)).length;
  console.log(
    `GET /api/v1/audits/{id}, 50 connections, ${seconds} s: p50/p99 ${quiet.latency.p50}/${quiet.latency.p99} ms alone (${Math.round(quiet.requests.average)} req/s); ` +
      `${busy.latency.p50}/${busy.latency.p99} ms (${Math.round(busy.requests.average)} req/s) while ${made} events were created (${rate} a second) and ${delivered} delivered; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  figures.push(
    figure('GET /audits/{id} p99 alone (50 connections)', quiet.latency.p99, 'ms'),
    figure(`GET /audits/{id} p99 while ${rate} events a second are delivered (50 connections)`, busy.latency.p99, 'ms', { max: 50 }),
    figure('events created during that load, delivered', delivered, '', { min: made, target: `${made} of ${made}` }),
    figure('GET responses not 2xx, and errors, during the first load', busy.non2xx + busy.errors, '', { max: 0, target: 'all 2xx' }),
  );
  if (delivered < made)
    notes.push(`${made - delivered} of the ${made} events created during the GET load were not delivered within 60 s after it`);

  // 4. The same GET load while deliveries alone run: `burst` events whose first attempt the receiver
  //    refused (503), so their retries come due 30 s (±10 %) later, while no request creates events.
  await fetch(`${receiverUrl}/status/503`);
  const retried = (await api('POST', '/webhooks', { url: `${receiverUrl}/retried`, events: ['ping'] })).webhook;
  const firstEvent = Date.now();
  let queued = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (queued < burst) {
        queued++;
        await api('POST', `/webhooks/${retried.id}/test`);
      }
    }),
  );
  while (Number(await (await fetch(`${receiverUrl}/refused`)).text()) < burst) await new Promise((resolve) => setTimeout(resolve, 50));
  await fetch(`${receiverUrl}/status/204`);
  await take();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstEvent + 27_000 - Date.now()))); // the earliest retry
  const retrying = await load(seconds);
  const duringLoad = (await take()).length;
  const retriedDelivered = duringLoad + (await waitFor(burst - duringLoad, 60_000)).length;
  console.log(
    `GET /api/v1/audits/{id}, 50 connections, ${seconds} s, while deliveries alone run (retries of ${burst} events, no request creating any): ` +
      `p50/p99 ${retrying.latency.p50}/${retrying.latency.p99} ms (${Math.round(retrying.requests.average)} req/s), ${duringLoad} delivered during the load, ${retriedDelivered} in all; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  figures.push(
    figure('GET /audits/{id} p99 while retries alone are delivered (50 connections)', retrying.latency.p99, 'ms', { max: 50 }),
    figure('retried deliveries during that load', duringLoad, ''),
    figure('retried events delivered', retriedDelivered, '', { min: burst, target: `${burst} of ${burst}` }),
    figure('GET responses not 2xx, and errors, during that load', retrying.non2xx + retrying.errors, '', { max: 0, target: 'all 2xx' }),
  );
  await log.close();
} finally {
  if (server) await stop(server);
  await stop(receiver.child);
  await rm(dataDir, { recursive: true, force: true });
}

printBenchResult({ name: 'webhook', figures, notes });
