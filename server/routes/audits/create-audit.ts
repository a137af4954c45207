/**
 * POST /audits: validate `url` (400), refuse `render` without a browser (503), take the rate limit (429, only
 * requests that could run count), run the engine with the SSRF-guarded fetcher (422 when the page cannot be
 * fetched or rendered), persist, 201.
 */
import { AuditFetchError, AuditInputError, AuditRenderError, RENDER_UNAVAILABLE_MESSAGE } from '../../../shared/audit/errors.js';
import { normalizeAuditUrl } from '../../../shared/url/normalize.js';
import type { Audit } from '../../../shared/types/audit.js';
import { HttpError } from '../../http/http-error.js';
import {
  AuditCancelledError,
  AuditorBusyError,
  AuditTooHeavyError,
  type AuditRunner,
  type AuditRunOptions,
} from '../../audits/audit-runner.js';
import { canonicalHash } from '../../audits/canonical-hash.js';
import { parseBody } from '../parse-body.js';
import { route } from '../route.js';
import { createAuditRequestSchema, type CreateAuditRequest } from '../../../shared/schema/api.js';
import { requireRendering } from '../../render/render-availability.js';

export const CREATE_AUDIT_BODY_LIMIT = 16 * 1024;
export const AUDITS_PER_MINUTE = 10;
export const AUDIT_RATE_LIMIT_MESSAGE = `Rate limit exceeded: max ${AUDITS_PER_MINUTE} audits per minute`;
/** The counters of this limit; MCP's audit_url takes from the same ones (server/mcp/http/audit-quota.ts). */
export const AUDIT_RATE_LIMIT_NAMESPACE = 'audits-create';

export const createAudit = route({
  method: 'POST',
  path: '/audits',
  body: { limit: CREATE_AUDIT_BODY_LIMIT },
  beforeLimit(ctx, deps) {
    // The schema the OpenAPI document publishes, then the URL rules it cannot express (scheme, host).
    const input = parseBody(createAuditRequestSchema, ctx.state.body);
    const normalized = normalizeAuditUrl(input.url);
    if (!normalized.ok) throw new HttpError(400, normalized.message);
    requireRendering(deps.rendering, input.render === true);
    ctx.state.body = input;
  },
  limit: { namespace: AUDIT_RATE_LIMIT_NAMESPACE, max: AUDITS_PER_MINUTE, durationMs: 60_000, message: AUDIT_RATE_LIMIT_MESSAGE },
  async handle(ctx, deps) {
    const { url, agents, render } = ctx.state.body as CreateAuditRequest;
    const audit = await runAuditForApi(deps.runner, url, { ...(agents ? { agents } : {}), ...(render ? { render } : {}) });
    // A rule that threw is in the audit (its rule_errors) and in the log, where an operator sees it.
    for (const e of audit.rule_errors) deps.logger.error('audit rule threw', { audit_id: audit.id, rule: e.rule, error: e.message });
    await deps.store.putAudit(ctx.state.account.id, audit, canonicalHash(audit));
    ctx.status = 201;
    ctx.set('Location', `/api/v1/audits/${audit.id}`);
    ctx.body = { audit };
  },
});

async function runAuditForApi(runner: AuditRunner, url: string, options: AuditRunOptions): Promise<Audit> {
  try {
    return await runner.run(url, options);
  } catch (error) {
    if (error instanceof AuditRenderError) throw renderHttpError(error);
    if (error instanceof AuditInputError) throw new HttpError(400, error.message);
    if (error instanceof AuditFetchError) throw new HttpError(422, error.message);
    if (error instanceof AuditTooHeavyError) throw new HttpError(422, error.message);
    if (error instanceof AuditorBusyError) throw new HttpError(503, error.message, { 'Retry-After': '5' });
    if (error instanceof AuditCancelledError) {
      throw new HttpError(503, 'The server is shutting down and cancelled this audit: retry shortly', { 'Retry-After': '5' });
    }
    throw error;
  }
}

/** A render that failed: the browser missing or busy is the server's (503), anything else the page's (422). */
export function renderHttpError(error: AuditRenderError): HttpError {
  if (error.code === 'unavailable') return new HttpError(503, RENDER_UNAVAILABLE_MESSAGE);
  if (error.code === 'busy') return new HttpError(503, error.message, { 'Retry-After': '5' });
  if (error.code === 'aborted')
    return new HttpError(503, 'The server is shutting down and cancelled this audit: retry shortly', { 'Retry-After': '5' });
  return new HttpError(422, error.message);
}
