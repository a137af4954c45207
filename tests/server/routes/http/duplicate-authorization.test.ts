/**
 * Two Authorization headers are a malformed request (RFC 6750 section 3.1, invalid_request: 400), on every
 * route that needs a key, whatever their order or values. Node keeps only the first in req.headers, so
 * before the fix the answer was 200 or 401 depending on which came first. Sent byte for byte over a socket
 * (fetch would merge the two into one).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

let api: TestApi;
let port: number;
interface Operation {
  security?: unknown[];
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
}
let secured: Array<[string, string, Operation]>; // every operation the OpenAPI document secures, with a concrete path
beforeAll(async () => {
  api = await startTestApi();
  port = Number(new URL(api.url).port);
  const doc = (await api.request('GET', '/api/v1/openapi.json', { key: null })).json as {
    paths: Record<string, Record<string, Operation>>;
  };
  secured = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => (operation.security ?? []).length > 0)
      .map(([method, operation]): [string, string, Operation] => [
        method.toUpperCase(),
        path.replace(/\{[^}]+\}/g, '3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8'),
        operation,
      ]),
  );
});
afterAll(() => api.close({ removeData: true }));

interface RawAnswer {
  status: number;
  head: string;
  json: unknown;
}

/** Sends one request with the given header lines and reads the answer (Connection: close). */
function send(method: string, path: string, headerLines: string[]): Promise<RawAnswer> {
  const body = method === 'GET' || method === 'DELETE' ? '' : '{}';
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...headerLines,
    ...(body ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', rest = ''] = raw.split('\r\n\r\n');
      let json: unknown;
      try {
        json = JSON.parse(rest);
      } catch {
        json = undefined;
      }
      resolve({ status: Number(head.split(' ')[1]), head, json });
    });
  });
}

const DUPLICATE = { error: 'Send exactly one Authorization header: this request has 2' };

describe('two Authorization headers: 400, whatever their order', () => {
  it('the OpenAPI document lists the secured routes, each documenting this 400', () => {
    expect(secured.length).toBeGreaterThanOrEqual(8);
    expect(secured.map(([method, path]) => `${method} ${path}`)).toContain('POST /api/v1/audits');
    for (const [method, path, operation] of secured) {
      expect(operation.responses['400']?.description, `${method} ${path}`).toMatch(/ore than one Authorization header/);
      expect(operation.responses['400']?.headers, `${method} ${path}`).toHaveProperty('WWW-Authenticate');
    }
  });

  const pairs: Array<[string, () => string[]]> = [
    ['valid key first, unknown key second', () => [`Authorization: Bearer ${api.key}`, `Authorization: Bearer cit_${'A'.repeat(32)}`]],
    ['unknown key first, valid key second', () => [`Authorization: Bearer cit_${'A'.repeat(32)}`, `Authorization: Bearer ${api.key}`]],
    ['the same valid key twice', () => [`Authorization: Bearer ${api.key}`, `Authorization: Bearer ${api.key}`]],
    ['a valid key and an empty header', () => [`Authorization: Bearer ${api.key}`, 'Authorization:']],
    ['names in other cases', () => [`authorization: Bearer ${api.key}`, `AUTHORIZATION: Basic dXNlcjpwYXNz`]],
  ];

  it.each(pairs)('%s, on every secured route', async (_name, headers) => {
    for (const [method, path] of secured) {
      const res = await send(method, path, headers());
      expect({ route: `${method} ${path}`, status: res.status, json: res.json }).toEqual({
        route: `${method} ${path}`,
        status: 400,
        json: DUPLICATE,
      });
      expect(res.head).toMatch(/\r\nWWW-Authenticate: Bearer realm="citable", error="invalid_request"\r\n/i);
      expect(res.head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
    }
  });

  it('three headers are counted', async () => {
    const key = `Authorization: Bearer ${api.key}`;
    const res = await send('GET', '/api/v1/audits', [key, key, key]);
    expect(res).toMatchObject({ status: 400, json: { error: 'Send exactly one Authorization header: this request has 3' } });
  });

  it('nothing was stored by the refused requests', async () => {
    expect(await api.store.countAudits()).toBe(0);
  });

  it('one header still works, and routes without a key ignore Authorization entirely', async () => {
    expect((await send('GET', '/api/v1/audits', [`Authorization: Bearer ${api.key}`])).status).toBe(200);
    const twice = [`Authorization: Bearer ${api.key}`, 'Authorization: Bearer x'];
    expect((await send('GET', '/api/v1/openapi.json', twice)).status).toBe(200);
    expect((await send('GET', '/healthz', twice)).status).toBe(200);
  });
});
