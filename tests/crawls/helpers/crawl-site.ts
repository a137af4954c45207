/**
 * Generated fixture sites for crawls, served by a real HTTP server on 127.0.0.1 (port 0) that counts every
 * request by path, user agent and Accept. A site is a set of templates; each page is well made except for
 * the faults its template gives it on purpose, so a test knows exactly how many pages carry each planted
 * issue. Used by tests/crawls/ and by bench/crawl*.ts (pages of a chosen size).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface PlannedPage {
  path: string;
  template: string;
  /** Rule ids this page is built to fail. */
  faults: string[];
  /** How the crawler can find it. */
  via: 'home' | 'sitemap' | 'link' | 'hreflang';
}

export interface CountedRequest {
  path: string;
  /** Path with its query. */
  target: string;
  ua: string;
  accept: string;
  at: number;
}

export interface ServedSite {
  url: string;
  host: string;
  requests: CountedRequest[];
  /** Most requests in flight at once. */
  readonly peakConcurrency: number;
  /** Requests for this path (query included), optionally only those whose user agent matches. */
  countOf(target: string, ua?: RegExp): number;
  close(): Promise<void>;
}

export type Route = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void | Promise<void>;

/** Serves `routes(origin)` (exact path → route; a function for the rest), counting requests. */
export async function serveSite(routes: (origin: string) => { exact: Record<string, Route>; fallback?: Route }): Promise<ServedSite> {
  const requests: CountedRequest[] = [];
  let inFlight = 0;
  let peak = 0;
  let table: { exact: Record<string, Route>; fallback?: Route } = { exact: {} };
  const server = http.createServer(async (req, res) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    res.on('close', () => inFlight--);
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({
      path: url.pathname,
      target: url.pathname + url.search,
      ua: String(req.headers['user-agent'] ?? ''),
      accept: String(req.headers.accept ?? ''),
      at: Date.now(),
    });
    const route = Object.hasOwn(table.exact, url.pathname) ? table.exact[url.pathname] : table.fallback;
    try {
      if (route) await route(req, res, url);
      else notFound(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  table = routes(origin);
  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    requests,
    get peakConcurrency() {
      return peak;
    },
    countOf: (target, ua) => requests.filter((r) => r.target === target && (!ua || ua.test(r.ua))).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function notFound(res: http.ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}

export const html =
  (body: string): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };

export const text =
  (body: string, type = 'text/plain; charset=utf-8'): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };

export function urlset(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `<url><loc>${u}</loc><lastmod>2026-10-01</lastmod></url>`).join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `<sitemap><loc>${u}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
}

/** A gzip file served as a file (no Content-Encoding), as sitemap.xml.gz usually is. */
export const gzipFile = (body: string, type = 'application/gzip'): Route => {
  const bytes = gzipSync(body);
  return (_req, res) => {
    res.writeHead(200, { 'content-type': type });
    res.end(bytes);
  };
};

const WORDS =
  'coffee brewing ratio grind water temperature steeping time flavour acidity body aroma roast origin harvest filter press kettle scale timer batch fridge storage'.split(
    ' ',
  );

/** Deterministic prose of about `n` words. */
export function prose(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[(seed * 7 + i * 13 + (i >> 3)) % WORDS.length]!);
  const sentences: string[] = [];
  for (let i = 0; i < out.length; i += 12) {
    const s = out.slice(i, i + 12).join(' ');
    sentences.push(`${s[0]!.toUpperCase()}${s.slice(1)}.`);
  }
  return sentences.join(' ');
}

export interface PageBody {
  path: string;
  title: string;
  description: string | null;
  h1: string | null;
  /** Extra markup inside <main>. */
  main?: string;
  /** Extra markup in <head>. */
  head?: string;
  /** Links in the page's nav. */
  links: string[];
  /** Words of body text (size). */
  words: number;
  seed: number;
}

/** A well-made page: lang, title, description, one H1, landmarks, a list, dated JSON-LD with an author. */
export function pageHtml(origin: string, p: PageBody): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: p.title,
    author: { '@type': 'Person', name: 'Ada Brewer', url: `${origin}/about` },
    publisher: { '@type': 'Organization', name: 'Example Coffee', url: `${origin}/` },
    datePublished: '2026-05-02T08:00:00Z',
    dateModified: '2026-10-01T08:00:00Z',
  });
  const paragraphs: string[] = [];
  for (let i = 0, left = p.words; left > 0; i++, left -= 80) paragraphs.push(`<p>${prose(p.seed + i, Math.min(80, left))}</p>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${p.title}</title>
${p.description === null ? '' : `<meta name="description" content="${p.description}">`}
<link rel="canonical" href="${origin}${p.path}">
<meta property="og:title" content="${p.title}">
<script type="application/ld+json">${jsonLd}</script>
${p.head ?? ''}
</head>
<body>
<header><nav><ul>${p.links.map((l, i) => `<li><a href="${l}">Link ${i + 1}</a></li>`).join('')}</ul></nav></header>
<main>
<article>
${p.h1 === null ? '' : `<h1>${p.h1}</h1>`}
<p>By Ada Brewer, updated <time datetime="2026-10-01">1 October 2026</time></p>
${paragraphs.join('\n')}
<ul><li>Grind coarse</li><li>Steep twelve hours</li><li>Filter twice</li></ul>
${p.main ?? ''}
</article>
</main>
<footer><a href="https://en.wikipedia.org/wiki/Coffee">Coffee on Wikipedia</a></footer>
</body>
</html>`;
}
