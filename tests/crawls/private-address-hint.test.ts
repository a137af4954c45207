/**
 * A `citable worker` without AUDIT_ALLOW_PRIVATE refuses loopback and private sites the API queued: the crawl's
 * error then names the setting (server/crawls/queued/private-address-hint.ts). The errors here are the real
 * start of a crawl through the real SSRF-guarded fetcher, which refuses before any connection is made.
 */
import { describe, expect, it } from 'vitest';
import { startCrawlSite } from '../../server/crawls/crawl-start.js';
import { HostGate } from '../../server/crawls/host-gate.js';
import { PRIVATE_ADDRESS_HINT, refusedAsPrivate } from '../../server/crawls/queued/private-address-hint.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';

async function startError(url: string): Promise<string> {
  const start = await startCrawlSite(url, {
    fetcher: createNodeFetcher({ allowPrivate: false }),
    gate: new HostGate(4),
    signal: new AbortController().signal,
  });
  if (start.ok) throw new Error(`${url} was not refused`);
  return start.error;
}

describe('the crawl error of a worker that refuses private addresses', () => {
  it('a loopback address, a private one and a special-use name are refused as private', async () => {
    for (const url of ['http://127.0.0.1:8790', 'http://10.1.2.3/', 'http://localhost:3000/', 'https://shop.internal/']) {
      const error = await startError(url);
      expect(refusedAsPrivate(error), error).toBe(true);
    }
  });

  it('other errors are not: a bad URL, a failure of the site itself', () => {
    expect(refusedAsPrivate('Cannot audit http://example.com/: the server refused the connection.')).toBe(false);
    expect(refusedAsPrivate('Cannot audit http://example.com/: the page redirects in a loop.')).toBe(false);
    expect(refusedAsPrivate('The crawl stopped because of an internal error (logged by the server)')).toBe(false);
  });

  it('the hint names the setting and where to set it', () => {
    expect(PRIVATE_ADDRESS_HINT).toContain('AUDIT_ALLOW_PRIVATE=1');
    expect(PRIVATE_ADDRESS_HINT).toContain('workers');
  });
});
