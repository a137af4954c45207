/** Checks and completes a URL a user submitted. Address safety (private IPs) is the fetcher's job. */

export const MAX_URL_LENGTH = 2048;
export const URL_REQUIRED_MESSAGE = 'url is required: give an http(s) URL or a bare host such as example.com';
export const URL_NOT_STRING_MESSAGE = 'url must be a string: an http(s) URL or a bare host such as example.com';
export const URL_TOO_LONG_MESSAGE = `url is longer than ${MAX_URL_LENGTH} characters`;

export type UrlProblem = 'empty' | 'not_string' | 'too_long' | 'invalid' | 'unsupported_scheme' | 'credentials' | 'invalid_host';

export type NormalizedUrl =
  { ok: true; url: string; submitted: string; bareHost: boolean } | { ok: false; problem: UrlProblem; message: string };

export function normalizeAuditUrl(input: unknown): NormalizedUrl {
  if (typeof input !== 'string' && input !== undefined && input !== null) {
    return { ok: false, problem: 'not_string', message: URL_NOT_STRING_MESSAGE };
  }
  if (typeof input !== 'string' || !input.trim()) {
    return { ok: false, problem: 'empty', message: URL_REQUIRED_MESSAGE };
  }
  const submitted = input.trim();
  if (submitted.length > MAX_URL_LENGTH) {
    return { ok: false, problem: 'too_long', message: URL_TOO_LONG_MESSAGE };
  }
  if (/[\u0000-\u001f\u007f\s]/.test(submitted)) {
    return { ok: false, problem: 'invalid', message: 'url contains whitespace or control characters' };
  }
  const scheme = submitted.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  // "localhost:8080" and "example.com:443/x" parse as a scheme; a scheme is only real when followed by "//" or it is not a port.
  const looksLikeHostPort = scheme !== undefined && /^[a-z0-9.-]+:\d+(\/|$|\?|#)/i.test(submitted);
  const hasScheme = scheme !== undefined && !looksLikeHostPort;
  if (hasScheme && scheme !== 'http' && scheme !== 'https') {
    return { ok: false, problem: 'unsupported_scheme', message: `only http and https URLs can be audited, not ${scheme}:` };
  }
  const bareHost = !hasScheme;
  let url: URL;
  try {
    url = new URL(bareHost ? `https://${submitted}` : submitted);
  } catch {
    return { ok: false, problem: 'invalid', message: 'url is not a valid URL' };
  }
  if (url.username || url.password) {
    return { ok: false, problem: 'credentials', message: 'url must not contain a user name or password' };
  }
  const host = url.hostname;
  if (!host || (!host.includes('.') && host !== 'localhost' && !host.startsWith('['))) {
    return { ok: false, problem: 'invalid_host', message: `"${host}" is not a public host name` };
  }
  url.hash = '';
  return { ok: true, url: url.href, submitted, bareHost };
}
