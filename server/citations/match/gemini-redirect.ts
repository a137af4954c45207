/**
 * Gemini's grounding chunks cite `https://vertexaisearch.cloud.google.com/grounding-api-redirect/<token>`,
 * an opaque, short-lived redirect. Resolving it means one HEAD request with redirect 'manual': the
 * Location header names the source, and the source itself is never fetched. GET is tried when HEAD is
 * refused; at most a few hops, each within a short timeout. Only addresses under the configured prefix
 * are requested, so a provider answer cannot make us fetch anything else. Resolved tokens are cached.
 */
import { deadlineSignal } from '../../net/deadline-signal.js';

export type RedirectResolver = (uri: string, signal?: AbortSignal) => Promise<string | null>;

export interface RedirectResolverOptions {
  /** Only addresses starting with this are redirects (GEMINI_REDIRECT_PREFIX). */
  prefix: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  maxHops?: number;
  cacheSize?: number;
}

export function createRedirectResolver(options: RedirectResolverOptions): RedirectResolver {
  const cache = new Map<string, string>();
  const cacheSize = options.cacheSize ?? 1_000;
  const maxHops = options.maxHops ?? 4;
  const doFetch = options.fetch ?? fetch;

  const hop = async (uri: string, signal?: AbortSignal): Promise<string | null> => {
    for (const method of ['HEAD', 'GET'] as const) {
      const deadline = deadlineSignal(options.timeoutMs, signal);
      let response: Response;
      try {
        response = await doFetch(uri, { method, redirect: 'manual', signal: deadline.signal });
        await response.body?.cancel();
      } finally {
        deadline.clear();
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) return new URL(location, uri).toString();
      if (method === 'HEAD' && (response.status === 405 || response.status === 501)) continue; // HEAD refused: ask with GET
      return null;
    }
    return null;
  };

  return async (uri, signal) => {
    if (!uri.startsWith(options.prefix)) return uri;
    const cached = cache.get(uri);
    if (cached !== undefined) return cached;
    let current = uri;
    try {
      for (let i = 0; i < maxHops && current.startsWith(options.prefix); i++) {
        const next = await hop(current, signal);
        if (next === null) return null;
        current = next;
      }
    } catch {
      return null; // timeout, refused, reset: unresolved, and the caller says so
    }
    if (current.startsWith(options.prefix)) return null;
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    cache.set(uri, current);
    return current;
  };
}

/** Gemini's chunk titles are usually the source's bare domain ("asana.com"): usable when resolving fails. */
export function titleAsHost(title: string | undefined): string | null {
  const t = title?.trim().toLowerCase();
  return t && /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(t) ? t : null;
}
