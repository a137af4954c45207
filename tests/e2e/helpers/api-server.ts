import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/services/free-port.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';

/** The sync tests need the real server; it is built by the e2e global setup when server/main.ts exists. */
export const serverAvailable = existsSync('server/main.ts');

/** The real Citable API server on 127.0.0.1, restartable on the same port and data (backend down, then up). */
export interface ApiServer {
  url: string;
  /** The server's DATA_DIR (the CLI reads and writes the same store). */
  dataDir: string;
  /** The Agency key the server printed on its first start. */
  key: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

/** `env`: more server settings (citation providers pointed at fakes, CITATION_ENGINES, ...). */
export async function startApiServer(env: Record<string, string> = {}): Promise<ApiServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'citable-api-'));
  let server: ServerProcess | null = null;
  let key = '';

  const start = async () => {
    server = await startServerProcess({ env: { ...env, PORT: String(port), DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' } });
    key ||= server.firstKey ?? '';
    if (!key) throw new Error(`the first start printed no key:\n${server.stdout.join('\n')}`);
  };
  const stop = async () => {
    const running = server;
    server = null;
    await running?.stop();
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
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
