import { spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiServer } from './api-server.js';
import type { ExtensionSession } from './extension.js';

/** One call of the real API with a key; the JSON body (or null) and the status. */
export async function call<T = Record<string, unknown>>(
  api: ApiServer,
  method: string,
  path: string,
  body?: unknown,
  key: string = api.key,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${api.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** A read-only key (scope "read") for the server's first account, made with the CLI on the server's own data. */
export function createReadOnlyKey(api: ApiServer): string {
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['bin/citable.cjs', ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: api.dataDir },
    });
    if (r.status !== 0) throw new Error(`citable ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };
  const [account] = JSON.parse(cli('accounts', 'list', '--json')) as Array<{ id: string }>;
  const out = cli('keys', 'create', '--account', account!.id, '--name', 'client dashboard', '--scope', 'read', '--json');
  const key = /cit_[A-Za-z0-9]{32}/.exec(out)?.[0];
  if (!key) throw new Error(`no key in: ${out}`);
  return key;
}

/** Backend settings written where Options saves them (the store build's permission prompt cannot be answered by automation). */
export async function setBackend(session: ExtensionSession, backendUrl: string, apiKey: string): Promise<void> {
  await session.worker.evaluate(async (s) => chrome.storage.local.set({ settings: s }), { backendUrl, apiKey });
}

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps what it got. */
export async function startReceiver(): Promise<{
  url: string;
  received: Array<{ headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}> {
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
