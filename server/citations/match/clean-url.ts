/**
 * A citation's address as we report and compare it: unwrapped, http(s) only, without the fragment
 * (text fragments `#:~:text=` included) and without tracking parameters (OpenAI appends
 * `utm_source=openai` to every citation). Other parameters are kept: they can name a different page.
 */
import { unwrap } from './unwrap.js';

const TRACKING_PARAM =
  /^(utm_.*|gclid|dclid|gbraid|wbraid|fbclid|msclkid|yclid|srsltid|ref|ref_src|_x_tr_.*|mc_cid|mc_eid|igshid|_hsenc|_hsmi)$/i;

export interface CleanUrl {
  /** The address to show: scheme, host (lower case, punycode, no trailing dot), path, kept parameters. */
  href: string;
  host: string;
  /** Identity of the page for de-duplication: scheme and a leading `www.` do not matter. */
  key: string;
}

export function cleanUrl(raw: string): CleanUrl | null {
  let url: URL;
  try {
    url = new URL(unwrap(raw.trim()));
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.search = keptParameters(url.search);
  url.username = '';
  url.password = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.replace(/\.+$/, '');
  const host = url.hostname;
  if (!host) return null;
  const href = url.toString();
  const key = `${host.replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}${url.pathname}${url.search}`;
  return { href, host, key };
}

/** Drops tracking parameters without re-encoding the others (URLSearchParams would rewrite %20 as +). */
function keptParameters(search: string): string {
  if (!search) return '';
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => {
      if (!pair) return false;
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: compare the raw name
      }
      return !TRACKING_PARAM.test(decoded);
    });
  return kept.length ? `?${kept.join('&')}` : '';
}
