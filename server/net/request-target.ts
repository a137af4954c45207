import type { FetchError } from '../../shared/types/fetcher.js';

/** Longer URLs are refused: a generous bound on the request line, well above real script URLs. */
export const MAX_FETCH_URL_LENGTH = 8192;

/**
 * Ports browsers refuse to fetch from (WHATWG Fetch "bad port"): talking HTTP to SMTP, IRC and the
 * like is a cross-protocol attack, so we refuse them too.
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export type CheckedTarget = { ok: true; url: URL; port: number } | { ok: false; error: FetchError };

/** Checks one hop's URL before anything is sent: parseable, http(s), no credentials, sane length and port. */
export function checkRequestTarget(raw: string): CheckedTarget {
  if (raw.length > MAX_FETCH_URL_LENGTH) {
    return refuse('invalid_url', `the URL is longer than ${MAX_FETCH_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('invalid_url', `not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse('unsupported_scheme', `only http and https can be fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) return refuse('invalid_url', 'URLs with a user name or password are not fetched');
  if (!url.hostname) return refuse('invalid_url', 'the URL has no host');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (BAD_PORTS.has(port)) return refuse('blocked_address', `port ${port} is not fetched (browsers refuse it too)`);
  return { ok: true, url, port };
}

function refuse(code: FetchError['code'], message: string): CheckedTarget {
  return { ok: false, error: { code, message } };
}
