/**
 * audit_url behind POST /mcp takes from the same per-account counters as POST /audits (10 a minute,
 * whichever door an audit comes through): koa-ratelimit itself, over the app's rate-limit backend
 * (memory, or Redis shared by every process), under the POST /audits namespace. It is asked through
 * a minimal context because the answer is a tool error, not this HTTP response's status.
 */
import type { Context } from 'koa';
import ratelimit from 'koa-ratelimit';
import type { RateLimitBackend } from '../../middleware/rate-limit-backend.js';
import { AUDIT_RATE_LIMIT_MESSAGE, AUDIT_RATE_LIMIT_NAMESPACE, AUDITS_PER_MINUTE } from '../../routes/audits/create-audit.js';
import { McpToolError } from '../backend.js';

const RESET_HEADER = 'X-Citable-RL-Reset';

/** Takes one audit from the account's allowance, or throws an McpToolError saying the limit and when to retry. */
export type TakeAudit = (accountId: string) => Promise<void>;

/** A REST route's per-account limit, as an MCP tool takes from it. */
export interface QuotaOptions {
  namespace: string;
  max: number;
  durationMs: number;
  message: string;
}

export function createAuditQuota(backend: RateLimitBackend): TakeAudit {
  return createQuota(backend, {
    namespace: AUDIT_RATE_LIMIT_NAMESPACE,
    max: AUDITS_PER_MINUTE,
    durationMs: 60_000,
    message: AUDIT_RATE_LIMIT_MESSAGE,
  });
}

/** The same for any route's limit (get_fixes takes from GET /audits/{id}/fixes's). */
export function createQuota(backend: RateLimitBackend, options: QuotaOptions): TakeAudit {
  const limiter = ratelimit({
    driver: backend.driver,
    db: backend.db,
    namespace: options.namespace,
    max: options.max,
    duration: options.durationMs,
    id: (ctx) => (ctx.state as { accountId: string }).accountId,
    headers: { remaining: 'X-Citable-RL-Remaining', reset: RESET_HEADER, total: 'X-Citable-RL-Limit' },
  });
  return async (accountId) => {
    const headers = new Map<string, string>();
    const ctx = {
      state: { accountId },
      status: 200,
      body: undefined as unknown,
      set(field: string | Record<string, unknown>, value?: unknown) {
        const fields = typeof field === 'string' ? { [field]: value } : field;
        for (const [name, v] of Object.entries(fields)) headers.set(name, String(v));
      },
    };
    let allowed = false;
    try {
      await limiter(ctx as unknown as Context, async () => {
        allowed = true;
      });
    } catch {
      // The shared counters (Redis) cannot be read: refuse rather than run uncounted, as POST /audits does.
      throw new McpToolError('Rate limits cannot be checked right now: retry shortly');
    }
    if (allowed) return;
    // Epoch seconds from the memory driver, milliseconds from Redis (as in middleware/rate-limit.ts).
    const resetAt = Number(headers.get(RESET_HEADER));
    const resetMs = resetAt > 1e11 ? resetAt : resetAt * 1000;
    const retryAfter = Number.isFinite(resetMs) ? Math.max(1, Math.ceil((resetMs - Date.now()) / 1000)) : 60;
    throw new McpToolError(`${options.message}: retry in ${retryAfter} s`);
  };
}
