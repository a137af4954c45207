/**
 * Runs docs/scaling-out.md as a new operator would: its `sh` blocks, in order, as one bash script, in a copy
 * of the checkout (its own dist/, logs and pid files; another test rebuilding the repository's dist/ cannot
 * touch it). Only what cannot run here is replaced: step 1 (sudo, apt-get, systemctl: the test starts
 * PostgreSQL and Redis itself), the two URLs of step 2, and the fixed ports (free ones instead).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, symlink } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const DOC = path.join(ROOT, 'docs/scaling-out.md');

/** The URLs step 2 exports, as the page writes them. */
export const DOC_DATABASE_URL = 'postgres://citable:change-me@127.0.0.1:5432/citable';
export const DOC_REDIS_URL = 'redis://127.0.0.1:6379';

/** The page's `sh` blocks, in order. */
export function docShellBlocks(file = DOC): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

export interface WalkPorts {
  /** API process N listens on `${apiPrefix}N` (the page's 880N). */
  apiPrefix: string;
  proxy: number;
}

/** Steps 2 onwards as one script, with this machine's services and ports in place of the page's. */
export function walkScript(blocks: string[], urls: { databaseUrl: string; redisUrl: string }, ports: WalkPorts): string {
  const script = blocks.slice(1).join('\n');
  for (const fixed of [DOC_DATABASE_URL, DOC_REDIS_URL, '880$1', '127.0.0.1:8801', '127.0.0.1:8802', '8787']) {
    if (!script.includes(fixed)) throw new Error(`docs/scaling-out.md no longer has ${fixed}: update the walk-through test`);
  }
  return script
    .replaceAll(DOC_DATABASE_URL, urls.databaseUrl)
    .replaceAll(DOC_REDIS_URL, urls.redisUrl)
    .replaceAll('880$1', `${ports.apiPrefix}$1`)
    .replaceAll('127.0.0.1:8801', `127.0.0.1:${ports.apiPrefix}1`)
    .replaceAll('127.0.0.1:8802', `127.0.0.1:${ports.apiPrefix}2`)
    .replaceAll('8787', String(ports.proxy));
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports for the walk: a prefix P whose P1 and P2 are free (20001 to 64992), and a free port for the proxy. */
export async function walkPorts(): Promise<WalkPorts> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const prefix = String(2000 + Math.floor(Math.random() * 4500));
    const proxy = 20_000 + Math.floor(Math.random() * 40_000);
    const candidates = [Number(`${prefix}1`), Number(`${prefix}2`), proxy];
    if (new Set(candidates).size === 3 && (await Promise.all(candidates.map(isFree))).every(Boolean)) return { apiPrefix: prefix, proxy };
  }
  throw new Error('no free ports for the walk');
}

export interface Checkout {
  dir: string;
  remove(): Promise<void>;
}

/** A copy of the checkout's sources (not dist/) with node_modules linked, as a clone after `npm ci` would be. */
export async function copyCheckout(): Promise<Checkout> {
  const parent = path.join(ROOT, '.tmp');
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, 'scaling-out-'));
  for (const entry of ['server', 'shared', 'scripts', 'bin', 'tests', 'package.json', 'tsconfig.json']) {
    await cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface BashRun {
  code: number | null;
  output: string;
}

/** Runs `script` with bash -euo pipefail in `cwd` (a clean environment); its output is also kept in cwd/walk.out. */
export function runBash(script: string, cwd: string, timeoutMs: number): Promise<BashRun> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? os.homedir(), LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const file = createWriteStream(path.join(cwd, 'walk.out'));
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      file.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      file.end();
      resolve({ code, output });
    });
  });
}

/**
 * Kills (SIGKILL) every process the walk left with a pid file in `dir` (the walk stops them, unless it failed
 * first), if it still runs in `dir`: a pid the system gave to another program since is left alone.
 */
export async function killLeftovers(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.pid')) continue;
    const pid = Number((await readFile(path.join(dir, name), 'utf8')).trim());
    try {
      if (pid > 1 && (await readlink(`/proc/${pid}/cwd`)) === (await realpath(dir))) process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The JSON lines of a log in the walk's directory (the banner and other text skipped). */
export function logLines(dir: string, name: string): Array<Record<string, unknown>> {
  return readFileSync(path.join(dir, name), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
