import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SERVER_BUNDLE = path.resolve('dist/server.mjs');
/** The sync tests need the real server; it is built by the e2e global setup when server/main.ts exists. */
export const serverAvailable = existsSync('server/main.ts');

/** The real Citable API server on 127.0.0.1, restartable on the same port and data (backend down, then up). */
export interface ApiServer {
  url: string;
  /** The Agency key the server printed on its first start. */
  key: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startApiServer(): Promise<ApiServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'citable-api-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let key = '';
  let output = '';

  const start = async () => {
    const proc = spawn(process.execPath, [SERVER_BUNDLE], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      key ||= output.match(/\bcit_[A-Za-z0-9]{32}\b/)?.[0] ?? '';
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${output}`);
      const up = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (up && key) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not come up (key seen: ${!!key}):\n${output}`);
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url,
    get key() {
      return key;
    },
    start,
    stop,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
