/**
 * The round-robin proxy of README "Scaling out", step 4 (tests/helpers/services/round-robin-proxy.ts):
 * with one backend down, every request still gets an answer from the other (without
 * a health check every other request failed), and a backend that comes back gets its share again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../helpers/services/round-robin-proxy.js';

interface Backend {
  name: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

async function backend(name: string, port = 0): Promise<Backend> {
  const server = http.createServer((req, res) => {
    res.setHeader('connection', 'close');
    res.end(req.url === '/healthz' ? '{"ok":true}' : name);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    name,
    port: (server.address() as AddressInfo).port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One request on a fresh connection: the body, or the error's code. */
async function ask(proxy: RoundRobinProxy): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(`${proxy.url}/who`, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('round-robin proxy with health checks', () => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('with one backend down, every request is answered by the other; once it is back it gets its share again', async () => {
    const a = await backend('a');
    const b = await backend('b');
    const proxy = await startRoundRobinProxy(
      [a, b].map((x) => ({ host: '127.0.0.1', port: x.port })),
      0,
      { healthIntervalMs: 100 },
    );
    closing.push(
      () => proxy.close(),
      () => a.close(),
    );

    const both = await Promise.all(Array.from({ length: 6 }, () => ask(proxy)));
    expect(new Set(both)).toEqual(new Set(['a', 'b']));

    await b.close();
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await ask(proxy)); // right away: no probe has run yet
    expect(answers).toEqual(Array(10).fill('a'));

    const back = await backend('b', b.port);
    closing.push(() => back.close());
    await expect.poll(() => proxy.healthy().join(','), { timeout: 5_000, interval: 50 }).toBe('true,true');
    const again = await Promise.all(Array.from({ length: 6 }, () => ask(proxy)));
    expect(again).toContain('b');
  });

  it('with every backend down the client connection is closed (nothing to hand it to)', async () => {
    const a = await backend('a');
    const proxy = await startRoundRobinProxy([{ host: '127.0.0.1', port: a.port }], 0, { healthIntervalMs: 100 });
    closing.push(() => proxy.close());
    await a.close();
    expect(await ask(proxy)).toMatch(/ECONNRESET|socket hang up|error/);
  });
});
