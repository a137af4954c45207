/**
 * What is known of the redirects on the way to a page. The server's fetcher lists every hop; a browser's fetch
 * follows redirects without showing them (the extension), and only its final URL says the page moved. The rules
 * read redirects through these two functions so both hosts judge what both can see alike
 * (docs/audits.md#why-the-extension-and-the-server-can-differ).
 */
import type { FetchedResource } from '../types/fetcher.js';

/** The fetcher followed redirects it could not list: no hops, but the answer came from another URL. */
export function redirectHopsHidden(resource: FetchedResource): boolean {
  if (resource.redirects.length > 0 || !resource.finalUrl || resource.status === 0) return false;
  return withoutHash(resource.finalUrl) !== withoutHash(resource.url);
}

/**
 * The URLs known to have answered with a redirect: every hop where they were listed; where they were hidden,
 * the URL asked for (it surely redirected), never a guess at the hops between.
 */
export function redirectingUrls(resource: FetchedResource): string[] {
  if (resource.redirects.length > 0) return resource.redirects.map((hop) => hop.url);
  return redirectHopsHidden(resource) ? [resource.url] : [];
}

function withoutHash(href: string): string {
  const at = href.indexOf('#');
  return at < 0 ? href : href.slice(0, at);
}
