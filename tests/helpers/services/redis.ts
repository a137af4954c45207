/**
 * A real Redis server for tests: redis-server on 127.0.0.1 and a free port, its own temp directory,
 * no snapshots; with `appendonly` (fsync every write) when a test needs Redis itself to be durable.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findRedis } from './binaries.js';
import { stopChild, track } from './child-processes.js';
import { freePort, waitForPort } from './free-port.js';

export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(options: { appendonly?: boolean } = {}): Promise<RedisServer> {
  const bin = findRedis();
  if (!bin) throw new Error('Redis is not installed (apt-get install -y redis-server)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-redis-'));
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir, '--daemonize', 'no', '--loglevel', 'warning'];
    args.push(...(options.appendonly ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    let log = '';
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await waitForPort(port, 10_000, () => child.exitCode === null && child.signalCode === null);
    } catch (error) {
      lastError = `${String(error)}\n${log}`;
      await stopChild(child, 'SIGKILL');
      if (/Address already in use/i.test(log)) continue;
      break;
    }
    return {
      port,
      url: `redis://127.0.0.1:${port}`,
      async stop() {
        await stopChild(child, 'SIGTERM');
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(`Redis did not start:\n${lastError}`);
}
