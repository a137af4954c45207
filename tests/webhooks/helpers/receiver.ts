/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every request (headers,
 * raw body, arrival time) and answers as told: a status, after a delay, never (hang), by resetting the
 * connection, or with a redirect. `behave` decides per request (its 1-based number), so a test can fail
 * the first attempts and accept a later one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '../../helpers/until.js';

export interface ReceivedRequest {
  n: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Behaviour = { kind: 'status'; status: number; delayMs?: number; location?: string } | { kind: 'hang' } | { kind: 'reset' };

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Most requests in progress at once so far. */
  readonly maxConcurrent: number;
  behave(decide: (request: ReceivedRequest) => Behaviour): void;
  /** Resolves once `count` requests have arrived (polls; no timing assertion). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(
  decide: (request: ReceivedRequest) => Behaviour = () => ({ kind: 'status', status: 204 }),
): Promise<Receiver> {
  let behaviour = decide;
  const requests: ReceivedRequest[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const server = http.createServer((req, res) => {
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    res.on('close', () => concurrent--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: ReceivedRequest = {
        n: requests.length + 1,
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(request);
      const b = behaviour(request);
      if (b.kind === 'hang') return;
      if (b.kind === 'reset') return req.socket.destroy();
      const answer = () => {
        res.writeHead(b.status, b.location ? { location: b.location } : {});
        res.end();
      };
      if (b.delayMs) setTimeout(answer, b.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/citable`,
    requests,
    get maxConcurrent() {
      return maxConcurrent;
    },
    behave(next) {
      behaviour = next;
    },
    async waitFor(count, timeoutMs = 30_000) {
      await until(
        () => `${count} requests at the receiver (it got ${requests.length})`,
        () => requests.length >= count,
        {
          timeoutMs,
          everyMs: 10,
        },
      );
      return requests.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
