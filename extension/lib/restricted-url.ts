/**
 * Pages no extension may script (browser internals, extension stores, local files): the popup says
 * so plainly instead of failing with a permission error.
 */
const STORE_HOSTS: Array<[host: string, pathPrefix: string]> = [
  ['chromewebstore.google.com', '/'],
  ['chrome.google.com', '/webstore'],
  ['microsoftedge.microsoft.com', '/addons'],
  ['addons.mozilla.org', '/'],
  ['addons.opera.com', '/'],
];

export type Auditability = { ok: true } | { ok: false; reason: string };

export function auditability(url: string | undefined): Auditability {
  if (!url) return { ok: false, reason: 'This tab has no web page to audit.' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'This tab has no web page to audit.' };
  }
  const scheme = parsed.protocol;
  if (scheme === 'file:') {
    return { ok: false, reason: 'Local files (file:) cannot be audited: AI engines only read pages served over the web.' };
  }
  if (scheme !== 'http:' && scheme !== 'https:') {
    return {
      ok: false,
      reason: `Browser pages (${scheme}) cannot be audited. Open a website and click Audit again.`,
    };
  }
  const host = parsed.hostname.toLowerCase();
  if (STORE_HOSTS.some(([h, p]) => host === h && parsed.pathname.startsWith(p))) {
    return { ok: false, reason: 'Browser extension stores do not allow extensions to read their pages, so they cannot be audited.' };
  }
  return { ok: true };
}
