/**
 * POST /crawls `{url, max_pages?, render?}`: 202 {crawl} (queued; it runs in the background). `url` as for audits
 * (400 otherwise), `max_pages` 1-10,000 (400 otherwise), `render` none (default), sample or all (400 otherwise;
 * 503 when this process has no browser); a third running crawl of the account is 429.
 */
import { createCrawlRequestSchema, type CreateCrawlRequest } from '../../../shared/schema/crawl.js';
import { normalizeAuditUrl } from '../../../shared/url/normalize.js';
import { CRAWL_DEFAULTS } from '../../crawls/crawl-settings.js';
import { HttpError } from '../../http/http-error.js';
import { parseBody } from '../parse-body.js';
import { route } from '../route.js';
import { requireRendering } from '../../render/render-availability.js';

export const CREATE_CRAWL_BODY_LIMIT = 16 * 1024;
export const CRAWL_LIMIT_MESSAGE = `Rate limit exceeded: max ${CRAWL_DEFAULTS.maxRunningPerAccount} running crawls`;

export const createCrawl = route({
  method: 'POST',
  path: '/crawls',
  body: { limit: CREATE_CRAWL_BODY_LIMIT },
  async handle(ctx, deps) {
    const input: CreateCrawlRequest = parseBody(createCrawlRequestSchema, ctx.state.body);
    const normalized = normalizeAuditUrl(input.url);
    if (!normalized.ok) throw new HttpError(400, normalized.message);
    requireRendering(deps.rendering, (input.render ?? 'none') !== 'none');
    const created = await deps.crawls.create(ctx.state.account.id, {
      url: normalized.submitted,
      ...(input.max_pages !== undefined ? { max_pages: input.max_pages } : {}),
      ...(input.render ? { render: input.render } : {}),
    });
    if (!created.created) throw new HttpError(429, CRAWL_LIMIT_MESSAGE, { 'Retry-After': '60' });
    ctx.status = 202;
    ctx.set('Location', `/api/v1/crawls/${created.crawl.id}`);
    ctx.body = { crawl: created.crawl };
  },
});
