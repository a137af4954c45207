import { getDomain } from 'tldts';

const LOOPBACK = ['127.0.0.1', 'localhost'];

/**
 * The host permissions that would let the extension read `url` when the browser refused it.
 * A file on another origin (a CDN sitemap) needs that origin. A file on the tab's own origin was
 * refused because it redirected elsewhere, and the browser does not say where: the likely targets are
 * the site's other addresses (apex and www, http and https, its subdomains), so the whole site is
 * asked for. The loopback names are aliases of one machine, so they are asked for together.
 */
export function accessScopeFor(url: string, tabOrigin: string): string[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  // Match patterns carry no port (Firefox refuses one; Chrome ignores it when matching).
  if (u.origin !== tabOrigin) return [`${u.protocol}//${u.hostname}/*`];
  if (LOOPBACK.includes(u.hostname)) return LOOPBACK.flatMap((h) => [`http://${h}/*`, `https://${h}/*`]);
  const site = getDomain(u.hostname, { allowPrivateDomains: true });
  return site ? [`*://${site}/*`, `*://*.${site}/*`] : [`*://${u.hostname}/*`];
}
