/** Runs the built server (`node dist/server.mjs`) as a child process on 127.0.0.1 with a port it picks. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface SpawnedServer {
  proc: ChildProcess;
  url: string;
  /** Every stdout line so far (the key banner and JSON log lines). */
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const proc = spawn(process.execPath, [path.join(ROOT, 'dist/server.mjs')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  createInterface({ input: proc.stderr! }).on('line', (line) => stderr.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      stdout.push(line);
      if (line.startsWith('{')) {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url) resolve(entry.url);
      }
    });
    exited.then(({ code }) => reject(new Error(`server exited with ${code}: ${stderr.join('\n')}`)));
  });
  return { proc, url, stdout, stderr, exited };
}

/** Lines of the JSON log with this message. */
export function logLines(server: SpawnedServer, msg: string): Record<string, unknown>[] {
  return server.stdout.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg);
}
