/**
 * Wrapper links hide the cited site behind another host: Google's /url redirector, the AMP cache, the
 * Google Translate proxy, Google's web cache and Bing's click tracker. `unwrap` returns the address
 * they point at (docs/research/answer-engines.md#url-matching), or the input unchanged. Gemini's grounding redirect
 * is opaque and needs a request: see gemini-redirect.ts.
 */
import { parse } from 'tldts';

const MAX_DEPTH = 5;

export function unwrap(raw: string): string {
  let current = raw;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const next = unwrapOnce(current);
    if (next === null || next === current) return current;
    current = next;
  }
  return current;
}

function unwrapOnce(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isGoogleHost(host)) {
    if (url.pathname === '/url') return withScheme(url.searchParams.get('q') ?? url.searchParams.get('url'));
    const amp = /^\/amp\/(s\/)?(.+)$/.exec(url.pathname);
    if (amp) return `${amp[1] ? 'https' : 'http'}://${amp[2]}${url.search}`;
  }
  if (host === 'cdn.ampproject.org' || host.endsWith('.cdn.ampproject.org')) {
    // The subdomain is an encoding (or a hash) of the origin: read the origin from the path instead.
    const amp = /^\/[cirv]\/(s\/)?(.+)$/.exec(url.pathname);
    if (amp) return `${amp[1] ? 'https' : 'http'}://${amp[2]}${url.search}`;
  }
  if (host.endsWith('.translate.goog')) {
    const origin = decodeTranslateLabel(host.slice(0, -'.translate.goog'.length));
    return `https://${origin}${url.pathname}${withoutTranslateParams(url.search)}`;
  }
  if (host === 'webcache.googleusercontent.com') {
    const q = url.searchParams.get('q') ?? '';
    const target = /^cache:(?:[A-Za-z0-9_-]{6,}:)?(.+)$/.exec(q)?.[1];
    return withScheme(target ?? null);
  }
  if ((host === 'bing.com' || host === 'www.bing.com') && url.pathname === '/ck/a') {
    const u = url.searchParams.get('u') ?? '';
    if (u.startsWith('a1')) return withScheme(Buffer.from(u.slice(2), 'base64url').toString('utf8'));
  }
  return null;
}

/** google.com, www.google.co.uk, google.de ...: every registrable `google.<public suffix>`. */
function isGoogleHost(host: string): boolean {
  const parsed = parse(host);
  return parsed.domainWithoutSuffix === 'google' && (parsed.subdomain === '' || parsed.subdomain === 'www');
}

/** translate.goog writes the origin host in one label: `.` became `-`, and `-` became `--`. */
export function decodeTranslateLabel(label: string): string {
  let out = '';
  for (let i = 0; i < label.length; i++) {
    if (label[i] === '-' && label[i + 1] === '-') {
      out += '-';
      i++;
    } else {
      out += label[i] === '-' ? '.' : label[i];
    }
  }
  return out;
}

function withoutTranslateParams(search: string): string {
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => pair && !pair.startsWith('_x_tr_'));
  return kept.length ? `?${kept.join('&')}` : '';
}

function withScheme(target: string | null): string | null {
  if (!target) return null;
  return /^https?:\/\//i.test(target) ? target : `https://${target.replace(/^\/+/, '')}`;
}
