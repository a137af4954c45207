/**
 * Requests Node would answer on its own, or not at all: an HTTP/1.1 request without Host (Node: an empty
 * 400 with no X-Request-Id) and CONNECT (Node: the connection closed without a word). Both answer in the
 * API's error shape, with X-Request-Id, then close. Sent byte for byte over sockets.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await startTestApi();
  port = Number(new URL(api.url).port);
});
afterAll(() => api.close({ removeData: true }));

interface Exchange {
  status: number;
  head: string;
  body: string;
  /** The server closed the connection (the exchange ended without the client closing it). */
  closedByServer: boolean;
}

/** Writes raw bytes, reads until the server closes (or 5 s pass, which fails `closedByServer`). */
function exchange(bytes: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    let closedByServer = true;
    const timer = setTimeout(() => {
      closedByServer = false;
      socket.destroy();
    }, 5_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const head = split < 0 ? raw : raw.slice(0, split);
      resolve({ status: Number(head.split(' ')[1] ?? 0), head, body: split < 0 ? '' : raw.slice(split + 4), closedByServer });
    });
  });
}

function expectApiError(res: Exchange, status: number, error: string | RegExp): void {
  expect(res.status).toBe(status);
  expect(JSON.parse(res.body)).toEqual({ error: typeof error === 'string' ? error : expect.stringMatching(error) });
  expect(res.head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
  expect(res.head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
  expect(res.head).toMatch(/\r\nConnection: close(\r\n|$)/i);
  expect(res.closedByServer).toBe(true);
}

describe('Host', () => {
  const MISSING = 'Missing Host header: an HTTP/1.1 request must send one (RFC 9112, section 3.2)';

  it.each([
    ['GET /healthz', 'GET /healthz HTTP/1.1\r\n\r\n'],
    ['GET /api/v1/audits with a valid key', () => `GET /api/v1/audits HTTP/1.1\r\nAuthorization: Bearer ${api.key}\r\n\r\n`],
    ['GET /api/v1/openapi.json', 'GET /api/v1/openapi.json HTTP/1.1\r\n\r\n'],
    [
      'POST /api/v1/audits',
      () =>
        `POST /api/v1/audits HTTP/1.1\r\nAuthorization: Bearer ${api.key}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    ],
  ])('an HTTP/1.1 %s without Host: 400 in the error shape', async (_name, request) => {
    expectApiError(await exchange(typeof request === 'function' ? request() : request), 400, MISSING);
  });

  it('two Host headers: 400 (RFC 9112 section 3.2)', async () => {
    const res = await exchange('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: other.example.com\r\n\r\n');
    expectApiError(res, 400, 'Send exactly one Host header: this request has 2');
  });

  it('an empty Host is valid (RFC 9112 section 3.2), and HTTP/1.0 needs none', async () => {
    expect((await exchange('GET /healthz HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n')).status).toBe(200);
    expect((await exchange('GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('nothing was stored', async () => {
    expect(await api.store.countAudits()).toBe(0);
  });
});

describe('CONNECT (this server is not a proxy)', () => {
  it('to a host and port: 404 in the error shape, then close; nothing is tunnelled', async () => {
    const res = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n\u0016\u0003\u0001 tunnel bytes');
    expectApiError(res, 404, 'Not found: CONNECT example.com:443');
  });

  it('to the API itself: 404, no tunnel to it either', async () => {
    const res = await exchange(
      `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectApiError(res, 404, `Not found: CONNECT 127.0.0.1:${port}`);
    expect(res.body).not.toContain('"ok"');
  });

  it('to a known path: 405 with Allow, as any method the path lacks', async () => {
    const res = await exchange(`CONNECT /api/v1/audits HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${api.key}\r\n\r\n`);
    expectApiError(res, 405, /^Method CONNECT is not allowed on \/api\/v1\/audits; allowed: /);
    expect(res.head).toMatch(/\r\nAllow: [A-Z, ]*POST/);
  });

  it('CONNECT without Host: 400', async () => {
    expectApiError(await exchange('CONNECT example.com:443 HTTP/1.1\r\n\r\n'), 400, /^Missing Host header/);
  });

  it('the server still answers ordinary requests afterwards', async () => {
    expect((await api.request('GET', '/healthz', { key: null })).status).toBe(200);
  });
});
