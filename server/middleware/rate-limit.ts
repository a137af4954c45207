/**
 * Per-account rate limits on top of koa-ratelimit. koa-ratelimit counts and decides; this wrapper
 * turns its answer into the contract's form: the JSON 429 body, Retry-After, and the IETF
 * RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset headers (Reset in seconds from now, at most the window) on
 * successes and refusals alike. The limit is taken before the handler runs, so of a parallel burst
 * exactly `max` requests get through.
 */
import type { Middleware, ParameterizedContext } from 'koa';
import ratelimit from 'koa-ratelimit';
import type { ApiState } from '../http/state.js';
import { HttpError } from '../http/http-error.js';
import type { RateLimitBackend } from './rate-limit-backend.js';
import { secondsUntilReset } from '../ratelimit/reset-seconds.js';

export interface RateLimitOptions {
  backend: RateLimitBackend;
  /** Keeps each limit's counters apart in a shared backend. */
  namespace: string;
  max: number;
  durationMs: number;
  /** The 429 message. */
  message: string;
  /** Whose counter a request takes (default: its account's); false: not counted. */
  id?: (ctx: ParameterizedContext<ApiState>) => string | false;
}

// koa-ratelimit writes its headers under these names; the wrapper reads and replaces them.
const RAW = { remaining: 'X-Citable-RL-Remaining', reset: 'X-Citable-RL-Reset', total: 'X-Citable-RL-Limit' };

export function accountRateLimit(options: RateLimitOptions): Middleware<ApiState> {
  const limiter = ratelimit({
    driver: options.backend.driver,
    db: options.backend.db,
    namespace: options.namespace,
    max: options.max,
    duration: options.durationMs,
    id: (ctx) => (options.id ? options.id(ctx as ParameterizedContext<ApiState>) : ((ctx.state as ApiState).account?.id ?? false)),
    headers: RAW,
    errorMessage: options.message,
  });
  return async (ctx, next) => {
    let counted = false;
    try {
      await limiter(ctx, async () => {
        counted = true;
        rewriteHeaders(ctx, options.durationMs);
        await next();
      });
    } catch (error) {
      // The shared counter store (Redis) failed before the request was let through: refuse, never run uncounted.
      if (!counted) throw new HttpError(503, 'Rate limits cannot be checked right now: retry shortly', { 'Retry-After': '5' });
      throw error;
    }
    // This limiter's refusal (a 429 from further in, another limiter's or the handler's, keeps its own answer).
    if (!counted && ctx.status === 429 && ctx.state.rateLimit) {
      const resetSeconds = rewriteHeaders(ctx, options.durationMs);
      ctx.set('Retry-After', String(Math.max(1, resetSeconds)));
      ctx.body = { error: options.message };
    }
  };
}

/**
 * Moves koa-ratelimit's headers to the standard names; returns seconds until the window resets. Behind another
 * limit of the same route (a per-minute and a per-day one), the headers tell the one with the fewest requests left.
 */
function rewriteHeaders(ctx: ParameterizedContext<ApiState>, windowMs: number): number {
  const resetSeconds = secondsUntilReset(Number(ctx.response.get(RAW.reset)), Date.now(), windowMs);
  const limit = ctx.response.get(RAW.total);
  const remaining = ctx.response.get(RAW.remaining);
  for (const name of Object.values(RAW)) ctx.remove(name);
  const earlier = ctx.response.get('RateLimit-Remaining');
  if (earlier !== '' && Number(remaining) >= Number(earlier)) return resetSeconds;
  if (limit) {
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(remaining));
    ctx.set('RateLimit-Reset', String(resetSeconds));
  }
  return resetSeconds;
}
