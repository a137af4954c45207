import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipBytes, isGzipBytes } from '../../../shared/text/gunzip.js';

describe('gunzipBytes (DecompressionStream, for hosts without their own gzip)', () => {
  const text = '<urlset>'.padEnd(10_000, ' ') + '</urlset>';
  const gz = new Uint8Array(gzipSync(Buffer.from(text)));

  it('knows gzip by its magic bytes', () => {
    expect(isGzipBytes(gz)).toBe(true);
    expect(isGzipBytes(new TextEncoder().encode('<?xml version="1.0"?>'))).toBe(false);
  });

  it('decompresses within the cap', async () => {
    const out = await gunzipBytes(gz, 1_000_000);
    expect(new TextDecoder().decode(out!.bytes)).toBe(text);
    expect(out!.truncated).toBe(false);
  });

  it('stops at the cap: a small bomb cannot grow past it', async () => {
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(20_000_000)));
    expect(bomb.length).toBeLessThan(100_000);
    const out = await gunzipBytes(bomb, 65_536);
    expect(out!.bytes.length).toBe(65_536);
    expect(out!.truncated).toBe(true);
  });

  it('gives nothing for corrupt data', async () => {
    expect(await gunzipBytes(new Uint8Array([0x1f, 0x8b, 0x08, 1, 2, 3, 4, 5]), 1000)).toBeNull();
  });
});
