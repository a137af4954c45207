/**
 * A monitor from what a user asked for (POST /monitors, `citable monitors add`): validated with the
 * shared schema, the URL normalised as POST /audits does it, and refused when it can never be audited
 * (a private or reserved literal address, a special-use name). Its first run is due now.
 */
import { createMonitorRequestSchema, MONITOR_MAX_PAGES, MONITOR_RENDER_MESSAGE } from '../../shared/schema/monitor.js';
import type { CrawlRenderMode } from '../../shared/schema/crawl.js';
import { normalizeAuditUrl } from '../../shared/url/normalize.js';
import type { AddressGuard } from '../net/address-guard.js';
import type { StoredMonitor } from '../store/contracts/monitors.js';
import { randomBase62 } from '../util/base62.js';
import type { z } from 'zod';

/** `invalid`: the API's 400; `refused`: its 422. */
export type NewMonitor = { ok: true; monitor: StoredMonitor } | { ok: false; problem: 'invalid' | 'refused'; message: string };

export const MONITOR_LIMIT = 100;

export function newMonitor(
  accountId: string,
  input: unknown,
  now: Date,
  guard: AddressGuard,
  describe: (error: z.ZodError) => string,
): NewMonitor {
  const parsed = createMonitorRequestSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, problem: 'invalid', message: `Invalid monitor: ${describe(parsed.error)}` };
  const request = parsed.data;
  const url = normalizeAuditUrl(request.url);
  if (!url.ok) return { ok: false, problem: 'invalid', message: url.message };
  if (request.kind === 'audit' && request.max_pages !== undefined)
    return { ok: false, problem: 'invalid', message: 'max_pages applies to crawl monitors only' };
  const render = renderMode(request.kind, request.render);
  if (render === null) return { ok: false, problem: 'invalid', message: `Invalid monitor: ${MONITOR_RENDER_MESSAGE}` };
  const target = new URL(url.url);
  const port = target.port ? Number(target.port) : target.protocol === 'https:' ? 443 : 80;
  const literal = guard.literalBlockReason(target.hostname, port);
  const refused = guard.specialUseBlock(target.hostname) ?? (literal ? `${target.hostname} is a ${literal} address` : null);
  if (refused) return { ok: false, problem: 'refused', message: `This URL cannot be monitored: ${refused}` };
  return {
    ok: true,
    monitor: {
      id: `mon_${randomBase62(16)}`,
      account_id: accountId,
      url: url.submitted,
      kind: request.kind,
      every: request.every,
      max_pages: request.kind === 'crawl' ? (request.max_pages ?? MONITOR_MAX_PAGES.default) : null,
      created_at: now.toISOString(),
      next_run_ms: now.getTime(), // the first run starts now; the cadence counts from here
      run_requested_ms: null,
      lease_until_ms: null,
      last_run_at: null,
      last_result_id: null,
      last_error: null,
      paused_at: null,
      render,
    },
  };
}

/** The stored mode of what a run renders, or null when `render` does not fit the monitor's kind. */
function renderMode(kind: StoredMonitor['kind'], render: boolean | CrawlRenderMode | undefined): CrawlRenderMode | null {
  if (render === undefined) return 'none';
  if (kind === 'audit') return typeof render === 'boolean' ? (render ? 'all' : 'none') : null;
  return typeof render === 'string' ? render : null;
}

export function limitMessage(): string {
  return `Monitor limit reached: an account has at most ${MONITOR_LIMIT} monitors; delete one first`;
}
