import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { brotliBomb, deflateBomb, emptyBlockGzip, hugePage, streamRepeated, withPeakRss, type SendLog } from './hostile-handlers.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const html = '<!doctype html><title>t</title><p>compressed page</p>';
const logs = {
  huge: { bytesWritten: 0, finished: false } as SendLog,
  gzipBomb: { bytesWritten: 0, finished: false } as SendLog,
  deflateBomb: { bytesWritten: 0, finished: false } as SendLog,
  brBomb: { bytesWritten: 0, finished: false } as SendLog,
  empty: { bytesWritten: 0, finished: false } as SendLog,
  random: { bytesWritten: 0, finished: false } as SendLog,
};
let site: FixtureSite;
const fetcher = createNodeFetcher({ allowPrivate: true });
const get = (path: string, maxBytes: number) => fetcher.fetch(`${site.url}${path}`, { maxBytes, timeoutMs: 20_000 });

beforeAll(async () => {
  site = await startFixtureSite({
    '/exact': { body: 'x'.repeat(1000) },
    '/huge': hugePage(50 * MB, logs.huge),
    '/gzip': { body: zlib.gzipSync(html), headers: { 'content-encoding': 'gzip' } },
    '/x-gzip': { body: zlib.gzipSync(html), headers: { 'content-encoding': 'x-gzip' } },
    '/deflate-zlib': { body: zlib.deflateSync(html), headers: { 'content-encoding': 'deflate' } },
    '/deflate-raw': { body: zlib.deflateRawSync(html), headers: { 'content-encoding': 'deflate' } },
    '/br': { body: zlib.brotliCompressSync(html), headers: { 'content-encoding': 'br' } },
    '/gzip-then-br': {
      body: zlib.brotliCompressSync(zlib.gzipSync(html)),
      headers: { 'content-encoding': 'gzip, br' },
    },
    '/identity': { body: html, headers: { 'content-encoding': 'identity' } },
    '/unknown-coding': { body: html, headers: { 'content-encoding': 'x-custom' } },
    '/gzip-empty': { body: '', headers: { 'content-encoding': 'gzip' } },
    '/gzip-cut-short': { body: zlib.gzipSync(html.repeat(50)).subarray(0, 60), headers: { 'content-encoding': 'gzip' } },
    '/gzip-corrupt': { body: Buffer.from('this is not gzip at all, just text'), headers: { 'content-encoding': 'gzip' } },
    '/br-corrupt': { body: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x11]), headers: { 'content-encoding': 'br' } },
    '/gzip-bomb': deflateBomb('gzip', 10 * GB, logs.gzipBomb),
    '/deflate-bomb': deflateBomb('deflate', 10 * GB, logs.deflateBomb),
    '/br-bomb': brotliBomb(1 * GB, logs.brBomb),
    '/gzip-no-output': emptyBlockGzip(50 * MB, logs.empty),
    '/gzip-incompressible': (req, res) => {
      // gzip of random bytes is slightly larger than its input: the compressed-bytes bound cuts it.
      const random = Buffer.alloc(MB);
      for (let i = 0; i < random.length; i++) random[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
      const gz = zlib.gzipSync(random, { level: 0 });
      return streamRepeated(gz.length, gz, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }, logs.random)(req, res);
    },
  });
});
afterAll(() => site.close());

describe('size cap on decompressed bytes', () => {
  it('keeps a body exactly at the cap whole', async () => {
    const res = await get('/exact', 1000);
    expect(res.truncated).toBe(false);
    expect(res.bytes).toBe(1000);
  });

  it('cuts one byte over the cap', async () => {
    const res = await get('/exact', 999);
    expect(res.truncated).toBe(true);
    expect(res.bytes).toBe(999);
    expect(res.body).toHaveLength(999);
  });

  it('cuts a 50 MB page at the cap and stops reading', async () => {
    const { result: res, peakGrowth } = await withPeakRss(() => get('/huge', 5 * MB));
    expect(res.error).toBeUndefined();
    expect(res.truncated).toBe(true);
    expect(res.bytes).toBe(5 * MB);
    expect(res.body.length).toBe(5 * MB);
    expect(logs.huge.finished).toBe(false);
    expect(logs.huge.bytesWritten).toBeLessThan(40 * MB);
    expect(peakGrowth).toBeLessThan(256 * MB);
  });
});

describe('content codings', () => {
  it.each(['/gzip', '/x-gzip', '/deflate-zlib', '/deflate-raw', '/br', '/gzip-then-br', '/identity'])('decodes %s', async (path) => {
    const res = await get(path, MB);
    expect(res.error).toBeUndefined();
    expect(res.body).toBe(html);
    expect(res.bytes).toBe(Buffer.byteLength(html));
  });

  it('asks for gzip, deflate and br', async () => {
    await get('/gzip', MB);
    expect(site.requests.at(-1)?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('reads an unknown coding as is', async () => {
    expect((await get('/unknown-coding', MB)).body).toBe(html);
  });

  it('accepts an empty body labelled gzip', async () => {
    const res = await get('/gzip-empty', MB);
    expect(res.error).toBeUndefined();
    expect(res.body).toBe('');
  });

  it('keeps what arrived of a gzip body cut short, as browsers do', async () => {
    const res = await get('/gzip-cut-short', MB);
    expect(res.error).toBeUndefined();
    expect(res.body.startsWith('<!doctype html>')).toBe(true);
  });

  it.each(['/gzip-corrupt', '/br-corrupt'])('reports %s as a decompression error', async (path) => {
    const res = await get(path, MB);
    expect(res.error?.code).toBe('decompression');
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('compression bombs stop at the cap', () => {
  it.each([
    ['gzip', '/gzip-bomb', logs.gzipBomb],
    ['deflate', '/deflate-bomb', logs.deflateBomb],
    ['brotli', '/br-bomb', logs.brBomb],
  ] as const)('a %s bomb inflates only to the cap', async (_name, path, log) => {
    const { result: res, peakGrowth } = await withPeakRss(() => get(path, 5 * MB));
    expect(res.error).toBeUndefined();
    expect(res.truncated).toBe(true);
    expect(res.bytes).toBe(5 * MB);
    expect(log.finished).toBe(false);
    expect(peakGrowth).toBeLessThan(256 * MB);
  });

  it('bounds the compressed bytes read of a stream that never yields output', async () => {
    const res = await get('/gzip-no-output', MB);
    expect(res.truncated).toBe(true);
    expect(res.bytes).toBe(0);
    expect(logs.empty.finished).toBe(false);
    expect(logs.empty.bytesWritten).toBeLessThan(40 * MB);
  });

  it('bounds the compressed bytes of incompressible data', async () => {
    const res = await get('/gzip-incompressible', 256 * 1024);
    expect(res.truncated).toBe(true);
    expect(res.bytes).toBeLessThanOrEqual(256 * 1024);
  });
});
