/** The built server (`node dist/server.mjs`, copied by global-setup.ts) as a child process on 127.0.0.1. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface BuiltServer {
  proc: ChildProcess;
  pid: number;
  url: string;
  /** JSON log lines so far (the request log is kept out unless `keepRequestLog`). */
  logs: Array<Record<string, unknown>>;
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startBuiltServer(env: Record<string, string>, options: { keepRequestLog?: boolean } = {}): Promise<BuiltServer> {
  const proc = spawn(process.execPath, [inject('stressServerBundle')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const stderr: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  createInterface({ input: proc.stderr! }).on('line', (line) => stderr.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg !== 'request' || options.keepRequestLog) logs.push(entry);
      if (entry.msg === 'listening' && typeof entry.url === 'string') resolve(entry.url);
    });
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before listening: ${stderr.join('\n')}`)));
  });
  return {
    proc,
    pid: proc.pid!,
    url,
    logs,
    stderr,
    exited,
    async kill() {
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      proc.kill('SIGTERM');
      return (await exited).code;
    },
  };
}

/** Resident memory of a process from /proc: current (VmRSS) and peak (VmHWM), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
