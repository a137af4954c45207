/**
 * Requests Node's HTTP parser refuses never reach the app; the server still answers them in the API's
 * error shape (server/app/listen.ts), then closes the connection.
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

/** Writes raw bytes and reads everything until the server closes. */
function exchange(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

function parse(raw: string) {
  const [head, body] = raw.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), head: head!, json: JSON.parse(body!) as unknown };
}

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['raw non-ASCII bytes in the request target', 400, Buffer.from('GET /api/v1/audits/\u00fc HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8')],
    ['a space inside the target', 400, 'GET /api/v1/a b HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a header line without a colon', 400, 'GET /healthz HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n'],
    ['not HTTP at all', 400, '\u0016\u0003\u0001 hello\r\n\r\n'],
    ['a request line over 16 KB', 431, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['headers over 16 KB', 431, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`],
    // The parser refuses before the method is looked at: a method no route has still gets 431, not 405.
    [
      'headers over 16 KB on a method no route has',
      431,
      `SEARCH /api/v1/audits HTTP/1.1\r\nHost: x\r\nX-Huge: ${'h'.repeat(20_000)}\r\n\r\n`,
    ],
  ])('%s: %i with {"error": ...} as JSON, then close', async (_name, status, bytes) => {
    const res = parse(await exchange(bytes));
    expect(res.status).toBe(status);
    expect(res.head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
    expect(res.head).toMatch(/\r\nConnection: close/i);
    expect(res.head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
    expect(res.json).toEqual({ error: expect.any(String) });
  });

  it('garbage after a finished answer on a kept-alive connection is answered the same way', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (c: Buffer) => {
        const first = text === '';
        text += c.toString('latin1');
        if (first) socket.write('GARBAGE\r\n\r\n');
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.startsWith('HTTP/1.1 200')).toBe(true);
    const second = raw.slice(raw.indexOf('HTTP/1.1', 1));
    expect(parse(second)).toMatchObject({ status: 400, json: { error: 'Malformed HTTP request' } });
  });
});
