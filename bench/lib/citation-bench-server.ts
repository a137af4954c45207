/**
 * What both citation benchmarks share: the built server started as in production (request log to a file),
 * its RSS, and autocannon against GET /citations/summary and /citations/sources with 10 connections, each
 * request asking another window (so nothing is answered from a cache of the same question).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export interface BenchServer {
  proc: ChildProcess;
  url: string;
  startupMs: number;
  stop(): Promise<void>;
}

export async function startBenchServer(dir: string, env: Record<string, string>): Promise<BenchServer> {
  const logFile = path.join(dir, 'server.log');
  const log = await open(logFile, 'w');
  const t0 = performance.now();
  const proc = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', log.fd, 'inherit'],
  });
  let url: string | undefined;
  const deadline = Date.now() + 300_000;
  while (!url) {
    if (Date.now() > deadline) throw new Error('the server did not listen within 300 s');
    const line = (await readFile(logFile, 'utf8')).split('\n').find((l) => l.includes('"msg":"listening"'));
    if (line) url = (JSON.parse(line) as { url: string }).url;
    else if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}): ${await readFile(logFile, 'utf8')}`);
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    proc,
    url,
    startupMs: performance.now() - t0,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((resolve) => proc.once('exit', resolve));
      await log.close();
    },
  };
}

/** Windows a dashboard asks: the last 7, 30, 90 days, a quarter, the whole year, single months. */
export function windows(lastDay: string, days: number): string[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  const day = (offset: number) => new Date(end - offset * 86_400_000).toISOString().slice(0, 10);
  const out = [7, 30, 90, days].map((n) => `since=${day(Math.min(n, days) - 1)}&until=${lastDay}`);
  for (let m = 0; m + 30 < days; m += 30) out.push(`since=${day(m + 29)}&until=${day(m)}`);
  out.push(`since=${day(days - 1)}&until=${day(Math.floor(days / 2))}&engine=chatgpt`);
  return out;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(url: string, key: string, route: string, queries: string[], seconds: number): Promise<LoadFigures> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/v1/citations/${route}${queries[i++ % queries.length]}` }) }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Waits for one answer (the first request opens the citation store). */
export async function firstAnswer(url: string, key: string, pathAndQuery: string): Promise<{ ms: number; body: unknown }> {
  const t0 = performance.now();
  const response = await fetch(`${url}${pathAndQuery}`, { headers: { authorization: `Bearer ${key}` } });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${pathAndQuery}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, body };
}
