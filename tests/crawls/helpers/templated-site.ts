/**
 * The crawl fixture: a site of templates whose pages are found in every way discovery must
 * handle (robots.txt's Sitemap line to a sitemap index, a plain child and a gzip child, links only, hreflang
 * alternates only), each template planting known faults, so the expected pages per rule are computed from
 * this plan, not read from a previous run.
 *
 *   /                   links to /docs/page-1
 *   /blog/post-N        in sitemap-blog.xml; every 4th has no <h1> (content.single-h1); the first `blogFr` name
 *                       an hreflang alternate /blog/fr-post-N (found only that way)
 *   /products/item-N    in sitemap-products.xml.gz (gzip, no Content-Encoding); odd N have no meta description
 *   /docs/page-N        only by links (page-N → page-N+1); each has an image without alt (content.image-alt)
 *   /guides/guide-N     (optional fifth template, for benchmarks) in sitemap-guides.xml
 * Every page links to https://en.wikipedia.org/ (another host: skipped, never fetched). No llms.txt.
 */
import { gzipSync } from 'node:zlib';
import { notFound, pageHtml, serveSite, sitemapIndex, text, urlset, type PlannedPage, type Route, type ServedSite } from './crawl-site.js';

export interface TemplatedSiteOptions {
  blog: number;
  blogFr: number;
  products: number;
  docs: number;
  guides?: number;
  /** Body words per page (about 6 bytes each). */
  words?: number;
  /** Extra robots.txt lines for the Citable group (e.g. Crawl-delay). */
  robotsExtra?: string;
  /** Also serve /sitemap.xml listing the first N pages flat (for peers that read no index or gzip: benchmarks). */
  flatSitemap?: number;
}

export interface TemplatedSite {
  site: ServedSite;
  pages: PlannedPage[];
  /** Pages planned to carry this rule's issue. */
  faultCount(rule: string): number;
}

export async function startTemplatedSite(options: TemplatedSiteOptions): Promise<TemplatedSite> {
  const words = options.words ?? 250;
  const guides = options.guides ?? 0;
  const pages: PlannedPage[] = [{ path: '/', template: '/', faults: [], via: 'home' }];
  for (let n = 1; n <= options.blog; n++)
    pages.push({ path: `/blog/post-${n}`, template: '/blog/*', faults: n % 4 === 0 ? ['content.single-h1'] : [], via: 'sitemap' });
  for (let n = 1; n <= options.blogFr; n++) pages.push({ path: `/blog/fr-post-${n}`, template: '/blog/*', faults: [], via: 'hreflang' });
  for (let n = 1; n <= options.products; n++)
    pages.push({ path: `/products/item-${n}`, template: '/products/*', faults: n % 2 ? ['content.meta-description'] : [], via: 'sitemap' });
  for (let n = 1; n <= options.docs; n++)
    pages.push({ path: `/docs/page-${n}`, template: '/docs/*', faults: ['content.image-alt'], via: 'link' });
  for (let n = 1; n <= guides; n++) pages.push({ path: `/guides/guide-${n}`, template: '/guides/*', faults: [], via: 'sitemap' });

  const site = await serveSite((origin) => {
    const bodies = new Map<string, string>();
    const render = (page: PlannedPage, index: number): string => {
      const p = page.path;
      const base = {
        path: p,
        title: `${titleOf(p)}: a practical coffee guide`,
        description: 'A tested, step-by-step guide to brewing better coffee at home, with ratios, timings and storage advice.',
        h1: titleOf(p),
        links: ['/'],
        words,
        seed: index,
      };
      if (p === '/') return pageHtml(origin, { ...base, links: options.docs ? ['/docs/page-1'] : [] });
      const blog = /^\/blog\/post-(\d+)$/.exec(p);
      if (blog) {
        const n = Number(blog[1]);
        const head = n <= options.blogFr ? `<link rel="alternate" hreflang="fr" href="${origin}/blog/fr-post-${n}">` : '';
        return pageHtml(origin, { ...base, h1: n % 4 === 0 ? null : base.h1, head });
      }
      const product = /^\/products\/item-(\d+)$/.exec(p);
      if (product) return pageHtml(origin, { ...base, description: Number(product[1]) % 2 ? null : base.description });
      const doc = /^\/docs\/page-(\d+)$/.exec(p);
      if (doc) {
        const n = Number(doc[1]);
        return pageHtml(origin, {
          ...base,
          links: n < options.docs ? ['/', `/docs/page-${n + 1}`] : ['/'],
          main: '<img src="/img/diagram.png" width="600" height="400">',
        });
      }
      return pageHtml(origin, base);
    };
    const byPath = new Map(pages.map((page, i) => [page.path, i]));
    const pageRoute: Route = (_req, res, url) => {
      const i = byPath.get(url.pathname);
      if (i === undefined || url.search) return notFound(res);
      let body = bodies.get(url.pathname);
      if (body === undefined) bodies.set(url.pathname, (body = render(pages[i]!, i)));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const list = (prefix: string) => pages.filter((p) => p.via === 'sitemap' && p.path.startsWith(prefix)).map((p) => `${origin}${p.path}`);
    const products = gzipSync(urlset(list('/products/')));
    const children = [
      `${origin}/sitemap-blog.xml`,
      `${origin}/sitemap-products.xml.gz`,
      ...(guides ? [`${origin}/sitemap-guides.xml`] : []),
    ];
    return {
      exact: {
        '/robots.txt': text(`User-agent: *\nAllow: /\n${options.robotsExtra ?? ''}\nSitemap: ${origin}/sitemap_index.xml\n`),
        '/sitemap_index.xml': text(sitemapIndex(children), 'application/xml'),
        '/sitemap-blog.xml': text(urlset(list('/blog/')), 'application/xml'),
        '/sitemap-guides.xml': text(urlset(list('/guides/')), 'application/xml'),
        '/sitemap-products.xml.gz': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/x-gzip' });
          res.end(products);
        },
        '/img/diagram.png': text('PNG', 'image/png'),
        ...(options.flatSitemap
          ? { '/sitemap.xml': text(urlset(pages.slice(0, options.flatSitemap).map((p) => `${origin}${p.path}`)), 'application/xml') }
          : {}),
        '/': pageRoute,
      },
      fallback: pageRoute,
    };
  });
  return { site, pages, faultCount: (rule) => pages.filter((p) => p.faults.includes(rule)).length };
}

function titleOf(path: string): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? 'home';
  return last.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
