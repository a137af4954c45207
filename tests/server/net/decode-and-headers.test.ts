import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { PNG_1X1 } from './hostile-handlers.js';

let site: FixtureSite;
const fetcher = createNodeFetcher({ allowPrivate: true });
const get = (path: string, headers?: Record<string, string>) =>
  fetcher.fetch(`${site.url}${path}`, { maxBytes: 64 * 1024, ...(headers ? { headers } : {}) });

beforeAll(async () => {
  site = await startFixtureSite({
    '/latin1': { body: Buffer.from([0x63, 0x61, 0x66, 0xe9]), headers: { 'content-type': 'text/plain; charset=windows-1252' } },
    '/meta-charset': {
      body: Buffer.concat([Buffer.from('<meta charset="iso-8859-2"><p>'), Buffer.from([0xb1]), Buffer.from('</p>')]),
      headers: { 'content-type': 'text/html' },
    },
    '/bom': { body: Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]), headers: { 'content-type': 'text/html; charset=windows-1252' } },
    '/bad-utf8': { body: Buffer.from([0x3c, 0x70, 0x3e, 0xff, 0xc3, 0x28, 0x3c]), headers: { 'content-type': 'text/html; charset=utf-8' } },
    '/png': { body: PNG_1X1, headers: { 'content-type': 'image/png' } },
    '/png-untyped': (_req, res) => {
      res.writeHead(200); // no content type at all: sniffed
      res.end(PNG_1X1);
    },
    '/headers': (_req, res) => {
      res.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2, with comma']);
      res.setHeader('X-Robots-Tag', ['noai', 'noimageai']);
      res.setHeader('Content-Type', 'text/html');
      res.setHeader('X-MiXeD-CaSe', 'yes');
      res.end('h');
    },
    '/echo-ua': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${req.headers['user-agent']}|${req.headers.accept}`);
    },
  });
});
afterAll(() => site.close());

describe('decoding', () => {
  it('uses the charset from content-type', async () => {
    const res = await get('/latin1');
    expect(res.body).toBe('café');
    expect(res.encoding).toBe('windows-1252');
  });

  it('uses a meta charset when the header has none', async () => {
    const res = await get('/meta-charset');
    expect(res.encoding).toBe('iso-8859-2');
    expect(res.body).toContain('<p>ą</p>');
  });

  it('lets a BOM win over the header', async () => {
    const res = await get('/bom');
    expect(res.encoding).toBe('utf-8');
    expect(res.body).toBe('hi');
  });

  it('replaces invalid UTF-8 rather than failing', async () => {
    const res = await get('/bad-utf8');
    expect(res.error).toBeUndefined();
    expect(res.body).toContain('\uFFFD');
    expect(res.body.startsWith('<p>')).toBe(true);
  });

  it.each(['/png', '/png-untyped'])('flags %s as binary with an empty body', async (path) => {
    const res = await get(path);
    expect(res.binary).toBe(true);
    expect(res.body).toBe('');
    expect(res.encoding).toBeNull();
    expect(res.bytes).toBe(PNG_1X1.length);
  });
});

describe('headers and timings', () => {
  it('lower-cases names and joins repeats (set-cookie with newlines)', async () => {
    const res = await get('/headers');
    expect(res.headers['set-cookie']).toBe('a=1; Path=/\nb=2, with comma');
    expect(res.headers['x-robots-tag']).toBe('noai, noimageai');
    expect(res.headers['x-mixed-case']).toBe('yes');
    expect(Object.keys(res.headers).every((name) => name === name.toLowerCase())).toBe(true);
  });

  it('reports ttfb and total times', async () => {
    const res = await get('/headers');
    expect(res.timings.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(res.timings.totalMs).toBeGreaterThanOrEqual(res.timings.ttfbMs!);
  });

  it('sends the caller headers, whatever their case, and a default user agent otherwise', async () => {
    expect((await get('/echo-ua', { 'User-Agent': 'GPTBot/1.0', Accept: 'text/html' })).body).toBe('GPTBot/1.0|text/html');
    expect((await get('/echo-ua')).body).toMatch(/^Citable\/.*\|\*\/\*$/);
  });
});
