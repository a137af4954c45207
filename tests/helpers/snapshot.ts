import type { FetchedResource, Snapshot } from '../../shared/types/index.js';

/** A fetched resource for hand-built snapshots: 200 text/html unless told otherwise. */
export function resource(url: string, body = '', over: Partial<FetchedResource> = {}): FetchedResource {
  return {
    url,
    finalUrl: url,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body,
    bytes: body.length,
    truncated: false,
    encoding: 'utf-8',
    binary: false,
    redirects: [],
    timings: { ttfbMs: 20, totalMs: 40 },
    ...over,
  };
}

/** A 404 for a site file that does not exist. */
export function missing(url: string): FetchedResource {
  return resource(url, 'Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/** A plain-text site file. */
export function textFile(url: string, body: string, contentType = 'text/plain; charset=utf-8'): FetchedResource {
  return resource(url, body, { headers: { 'content-type': contentType } });
}

/**
 * A snapshot of `https://example.com/` serving `html`, every site file missing, agents served the same page.
 * Override any member to build the case under test.
 */
export function snapshot(html: string, over: Partial<Snapshot> = {}): Snapshot {
  const url = over.requestedUrl ?? 'https://example.com/';
  const origin = new URL(url).origin;
  const page = over.page ?? resource(url, html);
  return {
    submittedUrl: url,
    requestedUrl: url,
    page,
    pageAsSearchAgent: page,
    pageAsUserAgent: page,
    markdown: resource(url, html),
    robotsTxt: missing(`${origin}/robots.txt`),
    llmsTxt: missing(`${origin}/llms.txt`),
    llmsFullTxt: missing(`${origin}/llms-full.txt`),
    sitemap: missing(`${origin}/sitemap.xml`),
    tdmrep: missing(`${origin}/.well-known/tdmrep.json`),
    scripts: [],
    origin: 'server',
    startedAt: '2026-11-21T00:00:00.000Z',
    gatherMs: 100,
    deadlineHit: false,
    ...over,
  };
}
