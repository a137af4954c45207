/** Small fixture sites for the crawl's routes and traps. */
import { html, pageHtml, serveSite, text, type Route, type ServedSite } from './crawl-site.js';

/** A page that links to `links`. */
export function linkingPage(origin: string, path: string, links: string[], extra: { head?: string; main?: string } = {}): string {
  return pageHtml(origin, {
    path,
    title: `Page ${path}: a practical coffee guide`,
    description: 'A tested, step-by-step guide to brewing better coffee at home, with ratios and timings.',
    h1: `Page ${path}`,
    links,
    words: 120,
    seed: path.length,
    ...extra,
  });
}

/** `/` links to /p/1 .. /p/n; every page answers after `delayMs`. */
export function startSlowSite(n: number, delayMs: number, robots = 'User-agent: *\nAllow: /\n'): Promise<ServedSite> {
  return serveSite((origin) => {
    const slow =
      (body: string): Route =>
      async (req, res, url) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return html(body)(req, res, url);
      };
    const exact: Record<string, Route> = {
      '/robots.txt': text(robots),
      '/': slow(
        linkingPage(
          origin,
          '/',
          Array.from({ length: n }, (_, i) => `/p/${i + 1}`),
        ),
      ),
    };
    for (let i = 1; i <= n; i++) exact[`/p/${i}`] = slow(linkingPage(origin, `/p/${i}`, ['/']));
    return { exact };
  });
}
