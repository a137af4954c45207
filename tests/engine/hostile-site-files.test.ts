import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, gather, type Snapshot } from '../../shared/index.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { deflateBomb, drip, streamRepeated } from '../server/net/hostile-handlers.js';
import { auditOutcome, expectWellFormed } from '../server/net/audit-outcome.js';

/** Hostile site files and scripts behind an ordinary page: the page is still audited. */
const MB = 1024 * 1024;
const GB = 1024 * MB;
const page = (scripts: string[]) =>
  `<!doctype html><html lang="en"><head><title>Ordinary page</title>${scripts.map((s) => `<script src="${s}"></script>`).join('')}</head>` +
  '<body><main><h1>Ordinary</h1><p>Words a crawler can read.</p></main></body></html>';
const robotsLine = Buffer.from('User-agent: GPTBot\nDisallow: /private/\n# padding to make the file very large indeed\n');

function hostileSite(routes: Parameters<typeof startFixtureSite>[0]): Promise<FixtureSite> {
  return startFixtureSite({ '/': { body: page([]) }, ...routes });
}

async function snapshotOf(site: FixtureSite, limits = {}): Promise<Snapshot> {
  return gather(`${site.url}/`, `${site.url}/`, { fetcher: createNodeFetcher({ allowPrivate: true }), limits });
}

describe('a 5 MB robots.txt', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await hostileSite({ '/robots.txt': streamRepeated(5 * MB, robotsLine, { 'content-type': 'text/plain' }) });
  });
  afterAll(() => site.close());

  it('is read up to the 1 MB site-file cap', async () => {
    const snap = await snapshotOf(site);
    expect(snap.robotsTxt?.truncated).toBe(true);
    expect(snap.robotsTxt?.bytes).toBe(DEFAULT_LIMITS.siteFileBytes);
    expect(snap.robotsTxt?.body.startsWith('User-agent: GPTBot')).toBe(true);
  });

  it('does not stop the audit, and raises robots.too-large', async () => {
    const { audit } = await auditOutcome(`${site.url}/`);
    expectWellFormed(audit!);
    expect(audit!.issues.map((i) => i.rule)).toContain('robots.too-large');
  });
});

describe('a gzip bomb as robots.txt and as llms.txt', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await hostileSite({
      '/robots.txt': deflateBomb('gzip', 10 * GB, undefined, 'text/plain'),
      '/llms.txt': deflateBomb('gzip', 10 * GB, undefined, 'text/markdown'),
    });
  });
  afterAll(() => site.close());

  it('inflates each only to the site-file cap', async () => {
    const snap = await snapshotOf(site);
    for (const file of [snap.robotsTxt!, snap.llmsTxt!]) {
      expect(file.truncated).toBe(true);
      expect(file.bytes).toBe(DEFAULT_LIMITS.siteFileBytes);
    }
    const { audit } = await auditOutcome(`${site.url}/`);
    expectWellFormed(audit!);
  });
});

describe('hostile scripts', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/': { body: page(['/drip.js', '/bomb.js', '/huge.js', '/ok.js']) },
      '/drip.js': drip(1000, 'text/javascript'),
      '/bomb.js': deflateBomb('gzip', 10 * GB, undefined, 'text/javascript'),
      '/huge.js': streamRepeated(50 * MB, Buffer.from('var x = 1;\n'.repeat(1000)), { 'content-type': 'text/javascript' }),
      '/ok.js': { body: 'console.log(1)', headers: { 'content-type': 'text/javascript' } },
    });
  });
  afterAll(() => site.close());

  it('skips each with its reason and scans the rest', async () => {
    // A budget that fits all four at the per-script cap, so each reason is its own, not the shared budget's.
    const snap = await snapshotOf(site, { requestTimeoutMs: 2_000, scriptTotalBytes: 16 * MB });
    const byPath = Object.fromEntries(snap.scripts.map((s) => [new URL(s.url).pathname, s]));
    expect(byPath['/drip.js']?.skipped).toBe('timeout');
    expect(byPath['/bomb.js']?.skipped).toBe('too_large');
    expect(byPath['/bomb.js']?.resource?.bytes).toBe(DEFAULT_LIMITS.scriptBytes);
    expect(byPath['/huge.js']?.skipped).toBe('too_large');
    expect(byPath['/huge.js']?.resource?.truncated).toBe(true);
    expect(byPath['/ok.js']?.skipped).toBeUndefined();
    expect(byPath['/ok.js']?.resource?.body).toBe('console.log(1)');
  });

  it('still yields an audit', async () => {
    const { audit } = await auditOutcome(`${site.url}/`, { requestTimeoutMs: 2_000 });
    expectWellFormed(audit!);
  });
});

describe('site files that drip past the audit deadline', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await hostileSite({ '/robots.txt': drip(1000, 'text/plain'), '/sitemap.xml': drip(1000, 'application/xml') });
  });
  afterAll(() => site.close());

  it('are cut by the deadline while the page is kept', async () => {
    const snap = await snapshotOf(site, { requestTimeoutMs: 30_000, deadlineMs: 2_000 });
    expect(snap.deadlineHit).toBe(true);
    expect(snap.page.error).toBeUndefined();
    expect(snap.robotsTxt?.error?.code).toBe('deadline');
    expect(snap.sitemap?.error?.code).toBe('deadline');
  });

  it('still yield an audit', async () => {
    const { audit } = await auditOutcome(`${site.url}/`, { requestTimeoutMs: 30_000, deadlineMs: 2_000 });
    expectWellFormed(audit!);
  });
});
