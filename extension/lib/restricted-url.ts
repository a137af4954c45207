/**
 * Pages no extension may script (browser internals, extension stores, local files): the popup says
 * so plainly instead of failing with a permission error.
 */
import { t } from './i18n/t.js';

const STORE_HOSTS: Array<[host: string, pathPrefix: string]> = [
  ['chromewebstore.google.com', '/'],
  ['chrome.google.com', '/webstore'],
  ['microsoftedge.microsoft.com', '/addons'],
  ['addons.mozilla.org', '/'],
  ['addons.opera.com', '/'],
];

export type Auditability = { ok: true } | { ok: false; reason: string };

export function auditability(url: string | undefined): Auditability {
  if (!url) return { ok: false, reason: t('restrictedNoPage') };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: t('restrictedNoPage') };
  }
  const scheme = parsed.protocol;
  if (scheme === 'file:') {
    return { ok: false, reason: t('restrictedLocalFile') };
  }
  if (scheme !== 'http:' && scheme !== 'https:') {
    return { ok: false, reason: t('restrictedBrowserPage', scheme) };
  }
  const host = parsed.hostname.toLowerCase();
  if (STORE_HOSTS.some(([h, p]) => host === h && parsed.pathname.startsWith(p))) {
    return { ok: false, reason: t('restrictedStore') };
  }
  return { ok: true };
}
