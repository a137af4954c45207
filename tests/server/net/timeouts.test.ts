import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventListeners } from 'node:events';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { drip, silent } from './hostile-handlers.js';

let site: FixtureSite;
const fetcher = createNodeFetcher({ allowPrivate: true });

beforeAll(async () => {
  site = await startFixtureSite({
    '/drip': drip(1000),
    '/fast-drip': drip(50),
    '/silent': silent(),
    '/redirect-to-silent': { status: 302, headers: { location: '/silent' } },
    '/ok': { body: 'ok' },
  });
});
afterAll(() => site.close());

describe('timeouts', () => {
  it('ends a server that never answers with timeout', async () => {
    const res = await fetcher.fetch(`${site.url}/silent`, { maxBytes: 1024, timeoutMs: 300 });
    expect(res.error?.code).toBe('timeout');
    expect(res.status).toBe(0);
  });

  it('bounds the whole body: a one-byte-a-second drip ends with timeout, keeping the status it sent', async () => {
    const res = await fetcher.fetch(`${site.url}/drip`, { maxBytes: 1024, timeoutMs: 400 });
    expect(res.error?.code).toBe('timeout');
    expect(res.status).toBe(200);
    expect(res.timings.ttfbMs).toBeDefined();
    expect(res.body).toBe('');
  });

  it('a steady drip that keeps bytes flowing is still cut by the same timer', async () => {
    const res = await fetcher.fetch(`${site.url}/fast-drip`, { maxBytes: 1024 * 1024, timeoutMs: 400 });
    expect(res.error?.code).toBe('timeout');
  });

  it('one timer spans every redirect hop', async () => {
    const res = await fetcher.fetch(`${site.url}/redirect-to-silent`, { maxBytes: 1024, timeoutMs: 300 });
    expect(res.error?.code).toBe('timeout');
    expect(res.redirects).toHaveLength(1);
    expect(res.finalUrl).toBe(`${site.url}/silent`);
  });

  it('uses defaultTimeoutMs when the caller gives none', async () => {
    const quick = createNodeFetcher({ allowPrivate: true, defaultTimeoutMs: 200 });
    expect((await quick.fetch(`${site.url}/silent`, { maxBytes: 1024 })).error?.code).toBe('timeout');
  });
});

describe('the caller signal (audit deadline)', () => {
  it('reports deadline and sends nothing when already aborted', async () => {
    const before = site.connections;
    const res = await fetcher.fetch(`${site.url}/ok`, { maxBytes: 1024, signal: AbortSignal.abort() });
    expect(res.error?.code).toBe('deadline');
    expect(site.connections).toBe(before);
  });

  it('aborts a pending response head at once', async () => {
    const controller = new AbortController();
    const pending = fetcher.fetch(`${site.url}/silent`, { maxBytes: 1024, timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const res = await pending;
    expect(res.error?.code).toBe('deadline');
  });

  it('aborts a dripping body at once', async () => {
    const controller = new AbortController();
    const pending = fetcher.fetch(`${site.url}/drip`, { maxBytes: 1024, timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const res = await pending;
    expect(res.error?.code).toBe('deadline');
    expect(res.status).toBe(200);
  });

  it('removes its listeners from the shared signal once done (an audit reuses one signal for ~35 fetches)', async () => {
    const controller = new AbortController();
    const results = await Promise.all(
      // A generous timeout where an answer is expected, so a busy machine cannot turn it into a timeout.
      (
        [
          ['/ok', 10_000],
          ['/ok', 10_000],
          ['/redirect-to-silent', 200],
        ] as const
      ).map(([path, timeoutMs]) => fetcher.fetch(`${site.url}${path}`, { maxBytes: 1024, timeoutMs, signal: controller.signal })),
    );
    expect(results.map((r) => r.error?.code)).toEqual([undefined, undefined, 'timeout']);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('30 fetches at once on one signal are expected, not reported as a listener leak', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const results = await Promise.all(
        Array.from({ length: 30 }, () => fetcher.fetch(`${site.url}/ok`, { maxBytes: 1024, timeoutMs: 5_000, signal: controller.signal })),
      );
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on a later tick
      expect(results.every((r) => r.body === 'ok')).toBe(true);
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('odd timeout values', () => {
  it.each([[Number.POSITIVE_INFINITY], [2 ** 40], [Number.NaN]])(
    'treats timeoutMs %s as a long timeout, not an instant one',
    async (timeoutMs) => {
      const res = await fetcher.fetch(`${site.url}/ok`, { maxBytes: 1024, timeoutMs });
      expect(res.error).toBeUndefined();
      expect(res.body).toBe('ok');
    },
  );
});
