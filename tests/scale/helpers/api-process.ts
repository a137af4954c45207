/** A built API server as a child process on 127.0.0.1 (a port it picks), with its JSON log lines kept. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ServerBundle } from './server-bundle.js';

export interface ApiProcess {
  name: string;
  proc: ChildProcess;
  url: string;
  /** Non-JSON stdout lines (the first-start key banner). */
  banner: string[];
  logs: Array<Record<string, unknown>>;
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Request log lines of this method and path prefix. */
  requests(method: string, pathPrefix: string): Array<Record<string, unknown>>;
  kill(): Promise<void>;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startApiProcess(bundle: ServerBundle, name: string, env: Record<string, string>): Promise<ApiProcess> {
  const proc = spawn(process.execPath, [bundle.file], {
    cwd: bundle.root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const banner: string[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const stderr: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  createInterface({ input: proc.stderr! }).on('line', (line) => stderr.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) {
        banner.push(line);
        return;
      }
      const entry = JSON.parse(line) as Record<string, unknown>;
      logs.push(entry);
      if (entry.msg === 'listening' && typeof entry.url === 'string') resolve(entry.url);
    });
    void exited.then(({ code, signal }) => reject(new Error(`${name} exited (${code ?? signal}) before listening: ${stderr.join('\n')}`)));
  });
  return {
    name,
    proc,
    url,
    banner,
    logs,
    stderr,
    exited,
    requests: (method, pathPrefix) => logs.filter((l) => l.msg === 'request' && l.method === method && String(l.path).startsWith(pathPrefix)),
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
