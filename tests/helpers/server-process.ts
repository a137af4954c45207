/**
 * The built API server as a child process on 127.0.0.1, for every test project that runs one (node's
 * process tests, stress, scale, e2e). It picks a free port unless PORT is given, keeps every stdout
 * line (the first start's key banner and the JSON log), and resolves once the server logs "listening".
 * The child gets a clean environment (PATH and what the test passes), and is killed if the test
 * process exits without stopping it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { track } from './services/child-processes.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** What `npm run build` makes; stress and scale pass copies of their own. */
export const BUILT_SERVER = path.join(ROOT, 'dist/server.mjs');
const KEY = /\bcit_[A-Za-z0-9]{32}\b/;

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** The server bundle to run (default dist/server.mjs). */
  bundle?: string;
  /** Run server/main.ts through tsx instead of a bundle (no build needed). */
  fromSource?: boolean;
  /** For messages: "A", "B" when several run. */
  name?: string;
  /** Keep the per-request log lines (default true); long load runs drop them to spare memory. */
  keepRequestLog?: boolean;
}

export type LogLine = Record<string, unknown>;

export interface ServerProcess {
  name: string;
  proc: ChildProcess;
  pid: number;
  url: string;
  /** Every stdout line so far, the banner's and the JSON log's (request lines only when kept). */
  stdout: string[];
  /** The non-JSON stdout lines: the first start's key banner. */
  banner: string[];
  /** The JSON log lines, parsed. */
  logs: LogLine[];
  stderr: string[];
  /** The API key the first start printed; null when the store already had an account. */
  readonly firstKey: string | null;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Log lines with this message. */
  logLines(msg: string): LogLine[];
  /** Request log lines of this method and path prefix. */
  requests(method: string, pathPrefix: string): LogLine[];
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const name = options.name ?? 'server';
  const entry = options.fromSource ? ['--import', 'tsx', path.join(ROOT, 'server/main.ts')] : [options.bundle ?? BUILT_SERVER];
  const proc = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(proc);
  const stdout: string[] = [];
  const banner: string[] = [];
  const logs: LogLine[] = [];
  const stderr: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  createInterface({ input: proc.stderr! }).on('line', (line) => stderr.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) {
        stdout.push(line);
        banner.push(line);
        return;
      }
      const entry = JSON.parse(line) as LogLine;
      if (entry.msg === 'request' && options.keepRequestLog === false) return;
      stdout.push(line);
      logs.push(entry);
      if (entry.msg === 'listening' && typeof entry.url === 'string') resolve(entry.url);
    });
    void exited.then(({ code, signal }) => reject(new Error(`${name} exited (${code ?? signal}) before listening: ${stderr.join('\n')}`)));
  });
  return {
    name,
    proc,
    pid: proc.pid!,
    url,
    stdout,
    banner,
    logs,
    stderr,
    get firstKey() {
      return KEY.exec(banner.join('\n'))?.[0] ?? null;
    },
    exited,
    logLines: (msg) => logs.filter((l) => l.msg === msg),
    requests: (method, pathPrefix) =>
      logs.filter((l) => l.msg === 'request' && l.method === method && String(l.path).startsWith(pathPrefix)),
    async kill() {
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      return (await exited).code;
    },
  };
}
