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

/** A snapshot of an HTML page body (wrapped in a minimal document unless it already is one). */
export function page(html: string, over: Partial<Snapshot> = {}): Snapshot {
  const doc = /<html[\s>]/i.test(html)
    ? html
    : `<!doctype html><html lang="en"><head><title>A test page title</title></head><body>${html}</body></html>`;
  return snapshot(doc, over);
}

const VOCABULARY =
  'coffee water grind ratio steep time flavour bean roast jar filter batch fridge ice milk taste acid sugar kettle scale morning'.split(
    ' ',
  );

/** `n` words of plain prose in sentences of ten words. */
export function words(n: number, seed = 0): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let w = VOCABULARY[(i * 7 + seed) % VOCABULARY.length]!;
    if (i % 10 === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    if (i % 10 === 9 || i === n - 1) w += '.';
    out.push(w);
  }
  return out.join(' ');
}

/** `count` paragraphs of `each` words. */
export function paragraphs(count: number, each: number): string {
  return Array.from({ length: count }, (_, i) => `<p>${words(each, i)}</p>`).join('\n');
}
