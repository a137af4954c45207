/**
 * The default reading of a non-2xx provider answer, retried as the official (Stainless) SDKs retry:
 * 401/403 auth, 429 rate limited (with Retry-After), 408 timeout, 409 a conflict (a lock timeout),
 * 5xx and Anthropic's 529 server trouble; other 4xx a request the provider refused; a 3xx a wrong base
 * URL (redirects are never followed: the key would travel with them). Engines check their own odd
 * shapes first (OpenAI's insufficient_quota 429, Gemini's 400 for a bad key).
 */
import { EngineError } from '../engines/engine-error.js';
import type { ProviderReply } from './provider-http.js';
import { retryAfterMs } from './retry-after.js';

export function statusError(reply: ProviderReply, provider: string, nowMs: number, detail = ''): EngineError | null {
  const { status } = reply;
  if (status >= 200 && status < 300) return null;
  const said = detail ? `: ${detail}` : '';
  const details = { status, retryAfterMs: retryAfterMs(reply.headers, nowMs) };
  if (status === 401 || status === 403) return new EngineError('auth', `${provider} refused the API key (HTTP ${status})${said}`, details);
  if (status === 429) return new EngineError('rate_limited', `${provider} rate limit (HTTP 429)${said}`, details);
  if (status === 408) return new EngineError('timeout', `${provider} timed out (HTTP 408)${said}`, details);
  if (status === 409) return new EngineError('server', `${provider} answered a conflict (HTTP 409)${said}`, details);
  if (status >= 300 && status < 400) {
    return new EngineError(
      'bad_request',
      `${provider} answered with a redirect (HTTP ${status}), not followed: check its base URL setting`,
      details,
    );
  }
  if (status >= 500) return new EngineError('server', `${provider} server error (HTTP ${status})${said}`, details);
  return new EngineError('bad_request', `${provider} refused the request (HTTP ${status})${said}`, details);
}

/** A short, single-line piece of provider text for an error message (never the whole body). */
export function snippet(value: unknown, max = 160): string {
  if (typeof value !== 'string') return '';
  const line = value.replace(/\s+/g, ' ').trim();
  // Providers echo part of a rejected key ("sk-abc***"): never repeat anything key-like.
  const safe = line.replace(/\b(sk|pk|cit|AIza|AQ)[-_.A-Za-z0-9*]{6,}/g, '[key]');
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe;
}
