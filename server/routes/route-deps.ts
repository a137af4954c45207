import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ApiState } from '../http/state.js';
import type { AuditRunner } from '../audits/audit-runner.js';
import type { CitationsRuntime } from '../citations/runtime.js';
import type { Logger } from '../logging/logger.js';
import type { RateLimitBackend } from '../middleware/rate-limit-backend.js';
import type { Store } from '../store/contracts/store.js';
import type { CrawlService } from '../crawls/crawl-service.js';
import type { ReportsRuntime } from '../reports/reports-runtime.js';
import type { MonitorService } from '../monitors/monitor-service.js';
import type { AddressGuard } from '../net/address-guard.js';
import type { WebhookRuntime } from '../webhooks/webhook-runtime.js';
import type { RenderAvailability } from '../render/render-availability.js';
import type { FixService } from '../fixes/fix-service.js';
import type { TrafficService } from '../traffic/traffic-service.js';

/** What routes get: the app's dependencies and the shared middleware. */
export interface RouteDeps {
  store: Store;
  runner: AuditRunner;
  logger: Logger;
  now: () => Date;
  rateLimitBackend: RateLimitBackend;
  /** Citation tracking: its configuration and scheduler (server/citations/runtime.ts). */
  citations: CitationsRuntime;
  /** Site audits: create, read, list, cancel (server/crawls/crawl-service.ts). */
  crawls: CrawlService;
  /** Client reports: the PDF printer and where share links point (server/reports/reports-runtime.ts). */
  reports: ReportsRuntime;
  /** The audit fetcher's SSRF guard (webhook and monitor URLs are checked with it). */
  addressGuard: AddressGuard;
  /** The event publisher and delivery worker (server/webhooks/webhook-runtime.ts). */
  webhooks: WebhookRuntime;
  /** Runs due monitors (server/monitors/monitor-service.ts). */
  monitors: MonitorService;
  /** Whether this process can render pages: a request with `render` is refused (503) up front when it cannot. */
  rendering: RenderAvailability;
  /** RETENTION_DAYS: audits older than this are removed daily (0: never); a 404 for an audit then says so. */
  retentionDays: number;
  /** SYNC_AUDITS_PER_DAY: PUT /audits/{id} per account and 24 hours, besides its per-minute limit. */
  syncAuditsPerDay: number;
  /** Fixes for audits and crawls, read from the site now (server/fixes/fix-service.ts). */
  fixes: FixService;
  /** Log uploads of projects and their ingestion (server/traffic/traffic-service.ts). */
  traffic: TrafficService;
  /**
   * Authentication then the Agency-plan check: `route()` (./route.ts) puts it in front of every endpoint
   * that needs a key, whose handler then gets `ctx.state.account` by type.
   */
  guard: Middleware<ApiState>[];
  /**
   * The same without the read-only key rule (a read-only key is refused every method but GET and HEAD):
   * only for a route that reads and writes through one method and checks `ctx.state.key.scope` itself,
   * as POST /mcp does per tool call. Every other route uses `guard`.
   */
  guardCheckingScopeItself: Middleware<ApiState>[];
}

export type ApiRouter = Router<ApiState>;
