import { getDomain } from 'tldts';
import { parseUrl } from './parse.js';

/**
 * The registrable domain a host belongs to ("blog.example.co.uk" → "example.co.uk"), so links between
 * a site's own subdomains are not counted as references to others. Private suffixes count as public
 * ("alice.github.io" and "bob.github.io" are different sites). IPs and single labels stand for themselves.
 */
export function siteOf(hostname: string): string {
  let site = known.get(hostname);
  if (site === undefined) {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    site = getDomain(host, { allowPrivateDomains: true }) ?? host;
    if (known.size >= KNOWN_HOSTS) known.clear();
    known.set(hostname, site);
  }
  return site;
}

/** Hosts already looked up: a page asks about its own host and its links' hosts many times over (every rule, every agent). */
const known = new Map<string, string>();
const KNOWN_HOSTS = 4096;

/** Site of an absolute URL, or null when it does not parse or is not http(s). */
export function siteOfUrl(href: string | null): string | null {
  const url = href ? parseUrl(href) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? siteOf(url.hostname) : null;
}

/** Same registrable domain (www.example.com ~ blog.example.com); hosts without one compare exactly. */
export function sameSite(a: string, b: string): boolean {
  return siteOf(a) === siteOf(b);
}
