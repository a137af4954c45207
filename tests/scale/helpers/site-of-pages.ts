/**
 * A site of N pages on 127.0.0.1 (a free port) to crawl while trying scale-out on one machine
 * (docs/scaling-out.md): the templated crawl fixture (sitemap index with a gzip child, links, hreflang),
 * every page well made but for the faults its template plants, so two crawls of it must find the same.
 * It prints `site of N pages on http://127.0.0.1:PORT` and serves until SIGINT or SIGTERM:
 *
 *   node --import tsx tests/scale/helpers/site-of-pages.ts 1000
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTemplatedSite, type TemplatedSite, type TemplatedSiteOptions } from '../../crawls/helpers/templated-site.js';

/** The templates' sizes for `pages` pages in all (at least 60: the home page, ten of each small template, the rest in three). */
export function siteOfPages(pages: number): TemplatedSiteOptions {
  const big = Math.round(pages * 0.3);
  return { blog: big, blogFr: 10, products: big, docs: 10, guides: pages - 21 - 2 * big };
}

export function startSiteOfPages(pages: number): Promise<TemplatedSite> {
  return startTemplatedSite(siteOfPages(pages));
}

// Run as a program (also through a symlinked path: Node reports the module's real path).
if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  const pages = Number(process.argv[2] ?? 1000);
  if (!Number.isInteger(pages) || pages < 60 || pages > 100_000) {
    console.error('usage: site-of-pages.ts [PAGES]   (60 to 100000; default 1000)');
    process.exit(2);
  }
  const fixture = await startSiteOfPages(pages);
  console.log(`site of ${fixture.pages.length} pages on ${fixture.site.url}`);
  const stop = () => void fixture.site.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
