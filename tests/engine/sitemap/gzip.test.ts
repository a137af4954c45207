import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { auditSnapshot, decodeBody, gather } from '../../../shared/index.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { readSitemap } from '../../../shared/sitemap/read.js';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { resource, snapshot } from '../../helpers/snapshot.js';

/** A gzip sitemap served as application/xml (no Content-Encoding) is decoded as text. */
const SITEMAP = readFileSync(new URL('../../fixtures/public/sitemaps/sitemapjs-alltags.xml', import.meta.url), 'utf8');
const GZIPPED = gzipSync(Buffer.from(SITEMAP));
const SM = 'https://example.com/sitemap.xml';

/** The resource a fetcher hands over: the gzip bytes decoded as the declared text type says. */
function servedAs(contentType: string, url = SM) {
  const decoded = decodeBody(GZIPPED, contentType);
  return resource(url, decoded.text, {
    headers: { 'content-type': contentType },
    encoding: decoded.encoding,
    binary: decoded.binary,
    bytes: GZIPPED.length,
  });
}

describe('a gzip sitemap recognised by its magic bytes', () => {
  it.each(['application/xml', 'text/xml; charset=utf-8', 'application/xml; charset=iso-8859-1', 'text/plain'])(
    'served as %s: gzip, not a malformed text file',
    (type) => {
      const reading = readSitemap(new JudgeContext(snapshot('<p>x</p>', { sitemap: servedAs(type) })));
      expect(reading.file.kind).toBe('binary');
      expect(reading).toMatchObject({ gzip: true, parsed: null, valid: false });
    },
  );

  it('a text sitemap that merely starts with a control character is not taken for gzip', () => {
    const reading = readSitemap(
      new JudgeContext(
        snapshot('<p>x</p>', { sitemap: resource(SM, `\u001f${SITEMAP}`, { headers: { 'content-type': 'application/xml' } }) }),
      ),
    );
    expect(reading.gzip).toBe(false);
    expect(reading.file.kind).toBe('text');
  });

  describe('end to end: served from 127.0.0.1, gathered, audited', () => {
    let site: FixtureSite | null = null;
    afterEach(async () => {
      await site?.close();
      site = null;
    });

    it('the audit does not call the sitemap invalid', async () => {
      site = await startFixtureSite({
        '/': { body: '<!doctype html><html lang="en"><head><title>Home</title></head><body><h1>Home</h1><p>Hello.</p></body></html>' },
        '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: GZIPPED },
      });
      const url = `${site.url}/`;
      const snap = await gather(url, url, { fetcher: createNodeFetcher({ allowPrivate: true }), agentFetches: false });
      expect(readSitemap(new JudgeContext(snap)).gzip).toBe(true);
      const audit = auditSnapshot(snap, { id: 'gzip-sitemap' });
      expect(audit.issues.filter((i) => i.rule === 'sitemap.present')).toEqual([]);
    });
  });
});

/** A sitemap listing the fixture site's home page, as the site itself would publish it. */
const homeSitemap = (origin: string) =>
  gzipSync(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc><lastmod>2026-11-01</lastmod></url></urlset>`,
    ),
  );
const HOME = '<!doctype html><html lang="en"><head><title>Home</title></head><body><h1>Home</h1><p>Hello.</p></body></html>';

describe('a gzip sitemap read in a single audit, whatever its type or name', () => {
  let site: FixtureSite | null = null;
  afterEach(async () => {
    await site?.close();
    site = null;
  });

  async function auditOf(routes: (origin: string) => Parameters<typeof startFixtureSite>[0]) {
    site = await startFixtureSite((origin) => routes(origin) as Record<string, never>);
    const url = `${site.url}/`;
    const snap = await gather(url, url, { fetcher: createNodeFetcher({ allowPrivate: true }), agentFetches: false });
    return { snap, reading: readSitemap(new JudgeContext(snap)), audit: auditSnapshot(snap, { id: 'gzip-read' }) };
  }

  it('sitemap.xml.gz named in robots.txt and served as application/x-gzip is read, not passed unread', async () => {
    const { reading, audit } = await auditOf((origin) => ({
      '/': { body: HOME },
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml.gz\n` },
      '/sitemap.xml.gz': { headers: { 'content-type': 'application/x-gzip' }, body: homeSitemap(origin) },
    }));
    expect(reading).toMatchObject({ gzip: true, valid: true, fromRobots: true });
    expect(reading.parsed?.entries.map((e) => e.loc)).toEqual([`${site!.url}/`]);
    // Read, the sitemap lists the page: no "page not in the sitemap" notice on a sitemap we never opened.
    expect(audit.issues.filter((i) => i.rule.startsWith('sitemap.'))).toEqual([]);
  });

  it('gzip bytes served as application/xml are a valid sitemap, not an invalid XML file', async () => {
    const { reading } = await auditOf((origin) => ({
      '/': { body: HOME },
      '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: homeSitemap(origin) },
    }));
    expect(reading).toMatchObject({ gzip: true, valid: true });
    expect(reading.file.kind).toBe('text');
  });

  it('a plain sitemap is read as before, and not called gzip', async () => {
    const { reading } = await auditOf((origin) => ({
      '/': { body: HOME },
      '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: gunzipSync(homeSitemap(origin)) },
    }));
    expect(reading).toMatchObject({ gzip: false, valid: true });
  });
});
