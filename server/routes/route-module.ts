import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ApiState } from '../http/state.js';
import type { AuditRunner } from '../audits/audit-runner.js';
import type { CitationsRuntime } from '../citations/runtime.js';
import type { Logger } from '../logging/logger.js';
import type { RateLimitBackend } from '../middleware/rate-limit-backend.js';
import type { Store } from '../store/store.js';
import type { CrawlService } from '../crawls/crawl-service.js';

/** What route modules get: the app's dependencies and the shared middleware. */
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
  /**
   * Authentication then the Agency-plan check: put in front of every authenticated route, whose last
   * handler is wrapped in `authed()` (./authed.ts) to get `ctx.state.account` by type.
   */
  guard: Middleware<ApiState>[];
}

export type ApiRouter = Router<ApiState>;

/**
 * A group of routes under /api/v1. Adding a feature (the citation routes: GET /citations, GET/POST
 * /prompts, DELETE /prompts/{id}, POST /citations/checks) is one module in API_ROUTE_MODULES plus its
 * paths in the OpenAPI document (server/openapi/).
 */
export interface RouteModule {
  name: string;
  register(router: ApiRouter, deps: RouteDeps): void;
}
