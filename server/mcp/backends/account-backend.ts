/**
 * The backend behind POST /mcp: one API account. Audits run through the API's own runner (worker threads
 * in production), count toward the account's 10 a minute shared with POST /audits, and are stored for
 * the account as POST /audits stores them; crawl_site and get_crawl go through the crawls as the crawl routes do;
 * get_audit and list_citations read the account's store exactly
 * as GET /audits/{id} and GET /citations do (same validation, same messages).
 */
import type { Audit } from '../../../shared/types/audit.js';
import { HttpError } from '../../http/http-error.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import type { AuditRunner } from '../../audits/audit-runner.js';
import { canonicalHash } from '../../audits/canonical-hash.js';
import { normalizeAuditUrl } from '../../../shared/url/normalize.js';
import { citationCursor } from '../../routes/citations/citation-cursor.js';
import { rowToWire } from '../../routes/citations/citation-wire.js';
import { parseCitationQuery } from '../../routes/citations/list-citations.js';
import { citationSummary } from '../../routes/citations/get-citation-summary.js';
import { projectTraffic } from '../../routes/projects/get-traffic.js';
import { PROJECT_ID_PATTERN } from '../../../shared/schema/project.js';
import type { Store } from '../../store/contracts/store.js';
import type { CrawlService } from '../../crawls/crawl-service.js';
import { CRAWL_LIMIT_MESSAGE } from '../../routes/crawls/create-crawl.js';
import { asQueryParameters, McpToolError, type McpBackend } from '../backend.js';
import type { TakeAudit } from '../http/audit-quota.js';
import { throwAuditFailure } from './audit-failure.js';
import type { FixService } from '../../fixes/fix-service.js';
import type { RenderAvailability } from '../../render/render-availability.js';

export interface AccountBackendDeps {
  store: Store;
  /** Site audits, as the crawl routes reach them. */
  crawls: CrawlService;
  runner: AuditRunner;
  takeAudit: TakeAudit;
  /** Fixes, as the fix routes read them, and the account's allowance of them (shared with those routes). */
  fixes: FixService;
  takeFixes: TakeAudit;
  accountId: string;
  /** Whether this process can render: a call with `render` is refused up front without a browser, as the API's 503. */
  rendering: RenderAvailability;
}

export function createAccountBackend(deps: AccountBackendDeps): McpBackend {
  const { store, crawls, runner, takeAudit, accountId } = deps;
  return {
    auditScope: 'in this account',
    async runAudit(url, run) {
      // As POST /audits: a URL that cannot be audited is refused before it counts toward the limit.
      const normalized = normalizeAuditUrl(url);
      if (!normalized.ok) throw new McpToolError(normalized.message);
      refuseWithoutBrowser(deps.rendering, run?.render === true);
      await takeAudit(accountId);
      let audit: Audit;
      try {
        audit = await runner.run(url, run);
      } catch (error) {
        throwAuditFailure(error);
      }
      await store.putAudit(accountId, audit, canonicalHash(audit));
      return audit;
    },
    async getAudit(raw) {
      const id = auditIdFromPath(raw);
      const json = id ? await store.getAuditJson(accountId, id) : null;
      return json === null ? null : (JSON.parse(json.toString('utf8')) as Audit);
    },
    async listCitations(args) {
      let query;
      try {
        query = parseCitationQuery(asQueryParameters(args));
      } catch (error) {
        if (error instanceof HttpError) throw new McpToolError(error.message);
        throw error;
      }
      const page = await (await store.citations()).listResults(accountId, query);
      return { citations: page.rows.map(rowToWire), next_cursor: page.next ? citationCursor.encode(page.next) : null };
    },
    async crawlSite(input) {
      // As POST /crawls: the same URL rules and the same limit of running crawls, with the same messages.
      const normalized = normalizeAuditUrl(input.url);
      if (!normalized.ok) throw new McpToolError(normalized.message);
      refuseWithoutBrowser(deps.rendering, (input.render ?? 'none') !== 'none');
      const created = await crawls.create(accountId, { ...input, url: normalized.submitted });
      if (!created.created) throw new McpToolError(CRAWL_LIMIT_MESSAGE);
      return created.crawl;
    },
    async getCrawl(raw) {
      const id = auditIdFromPath(raw);
      return id ? crawls.get(accountId, id) : null;
    },
    getFixes: fixesOf(deps),
    crawlerTraffic: trafficOf(store, accountId),
    async citationSummary(args) {
      try {
        // As GET /citations/summary: the same validation, messages and figures.
        return await citationSummary(store, accountId, asQueryParameters(args), new Date());
      } catch (error) {
        if (error instanceof HttpError) throw new McpToolError(error.message);
        throw error;
      }
    },
  };
}

/** crawler_traffic as GET /projects/{id}/traffic answers it, its 400s and 404 as tool errors. */
function trafficOf(store: Store, accountId: string): NonNullable<McpBackend['crawlerTraffic']> {
  return async (projectId, query) => {
    const project = PROJECT_ID_PATTERN.test(projectId) ? await (await store.projects()).get(accountId, projectId) : null;
    if (!project) throw new McpToolError('Project not found');
    try {
      return await projectTraffic(store, project, query);
    } catch (error) {
      if (error instanceof HttpError) throw new McpToolError(error.message);
      throw error;
    }
  };
}

/** get_fixes as the fix routes answer it, taking from their allowance. */
function fixesOf(deps: AccountBackendDeps): NonNullable<McpBackend['getFixes']> {
  return async (of, raw, policy) => {
    const id = auditIdFromPath(raw);
    if (!id) return null;
    await deps.takeFixes(deps.accountId);
    return of === 'audit' ? deps.fixes.auditFixes(deps.accountId, id, policy) : deps.fixes.crawlFixes(deps.accountId, id, policy);
  };
}

function refuseWithoutBrowser(rendering: RenderAvailability, wanted: boolean): void {
  const why = wanted ? rendering.unavailable() : null;
  if (why) throw new McpToolError(why);
}
