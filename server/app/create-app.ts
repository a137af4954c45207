/**
 * The Koa app, built from its dependencies so tests run it in-process with a temp store and any fetcher
 * or audit runner. server/main.ts builds the production one from the environment.
 */
import Koa from 'koa';
import type { Fetcher } from '../../shared/types/fetcher.js';
import { createEngineRunner, type AuditRunner } from '../audits/audit-runner.js';
import { readCitationConfig } from '../citations/config.js';
import { createCitationsRuntime, type CitationsRuntime } from '../citations/runtime.js';
import { silentLogger, type Logger } from '../logging/logger.js';
import { authenticate } from '../middleware/auth.js';
import { refuseWhileDraining } from '../middleware/draining.js';
import { extensionCors } from '../middleware/extension-cors.js';
import { jsonErrors } from '../middleware/json-errors.js';
import { createRateLimitBackend, type RateLimitBackend } from '../middleware/rate-limit-backend.js';
import { requestLog } from '../middleware/request-log.js';
import { requireAgencyPlan } from '../middleware/require-plan.js';
import { requireHost } from '../middleware/require-host.js';
import { requireHttps } from '../middleware/require-https.js';
import { API_ROUTE_MODULES, createApiRouter } from '../routes/api-router.js';
import { createHealthRouter, HEALTH_PATH } from '../routes/healthz.js';
import type { RouteDeps, RouteModule } from '../routes/route-module.js';
import { createMcpRouter } from '../mcp/http/mcp-route.js';
import type { Store } from '../store/store.js';
import type { ApiState } from '../http/state.js';
import { AUDIT_DEADLINE_DEFAULT_MS } from '../settings/audit-settings.js';
import { readReportSettings } from '../settings/report-settings.js';
import { createReportsRuntime, type ReportsRuntime } from '../reports/reports-runtime.js';
import { createSharePageRouter } from '../routes/reports/share-page.js';
import { AUDIT_CONCURRENCY_DEFAULT, AUDIT_QUEUE_LIMIT_DEFAULT } from '../settings/server-config.js';
import type { CrawlService } from '../crawls/crawl-service.js';
import { createEmbeddedCrawls } from '../crawls/embedded-crawls.js';
import { createInProcessPageRunner } from '../crawls/page-runner.js';
import { crawlSettingsFor, type CrawlSettings } from '../crawls/crawl-settings.js';
import { createNodeFetcher } from '../net/node-fetcher.js';

export interface AppConfig {
  trustProxy: boolean;
  requireHttps: boolean;
  auditDeadlineMs: number;
  auditConcurrency: number;
  auditQueueLimit: number;
  /** Site audit settings over the defaults (tests shorten the deadline and the waits). */
  crawlOverrides?: Partial<CrawlSettings>;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  trustProxy: false,
  requireHttps: false,
  auditDeadlineMs: AUDIT_DEADLINE_DEFAULT_MS,
  auditConcurrency: AUDIT_CONCURRENCY_DEFAULT,
  auditQueueLimit: AUDIT_QUEUE_LIMIT_DEFAULT,
};

export interface AppDeps {
  store: Store;
  /** The engine's door to the network (the SSRF-guarded Node fetcher in production). */
  fetcher?: Fetcher;
  /** Replaces the engine runner built from `fetcher` (tests of the API alone). */
  runner?: AuditRunner;
  config?: Partial<AppConfig>;
  logger?: Logger;
  now?: () => Date;
  rateLimitBackend?: RateLimitBackend;
  routeModules?: readonly RouteModule[];
  /** Citation tracking (engines, scheduler); default: every engine not configured, scheduler not started. */
  citations?: CitationsRuntime;
  /** Site audits; default: crawls run in this process with `fetcher` (tests), at the defaults of CRAWL_*. */
  crawls?: CrawlService;
  /** Client reports (PDF printer, PUBLIC_URL); default: the defaults of server/settings/report-settings.ts, Chromium started on first PDF. */
  reports?: ReportsRuntime;
}

export interface CitableApp {
  app: Koa<ApiState>;
  runner: AuditRunner;
  crawls: CrawlService;
  /** From now on new requests get 503; running ones finish. */
  startDraining(): void;
}

export function createApp(deps: AppDeps): CitableApp {
  const config = { ...DEFAULT_APP_CONFIG, ...deps.config };
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? (() => new Date());
  const runner = deps.runner ?? buildRunner(deps.fetcher, config, now);
  let draining = false;

  const app = new Koa<ApiState>({ proxy: config.trustProxy });
  app.silent = true; // errors are logged by jsonErrors, with the request id
  const routeDeps: RouteDeps = {
    store: deps.store,
    runner,
    logger,
    now,
    rateLimitBackend: deps.rateLimitBackend ?? createRateLimitBackend({ redisUrl: null }),
    citations: deps.citations ?? createCitationsRuntime({ config: readCitationConfig({}), store: () => deps.store.citations(), now, logger }),
    guard: [authenticate(deps.store, { now }), requireAgencyPlan()],
    guardCheckingScopeItself: [authenticate(deps.store, { now, scopeByMethod: false }), requireAgencyPlan()],
    reports: deps.reports ?? createReportsRuntime(readReportSettings({})),
    crawls: deps.crawls ?? defaultCrawls(deps, config, logger, now),
  };
  const router = createApiRouter(routeDeps, deps.routeModules ?? API_ROUTE_MODULES);
  const mcpRouter = createMcpRouter(routeDeps); // POST /mcp, at the root as the contract writes it
  const sharePageRouter = createSharePageRouter(routeDeps); // GET /r/{token}, no key: outside /api/v1 as the contract writes it

  app.use(requestLog(logger));
  app.use(jsonErrors(logger));
  app.use(requireHost());
  app.use(refuseWhileDraining(() => draining));
  if (config.requireHttps) app.use(requireHttps(new Set([HEALTH_PATH])));
  app.use(extensionCors());
  // Each router answers its own paths; allowedMethods turns another method on a known path into 405 + Allow.
  for (const r of [createHealthRouter(), router, mcpRouter, sharePageRouter]) {
    app.use(r.routes());
    app.use(r.allowedMethods());
  }

  return {
    app,
    runner,
    crawls: routeDeps.crawls,
    startDraining: () => {
      draining = true;
    },
  };
}

function buildRunner(fetcher: Fetcher | undefined, config: AppConfig, now: () => Date): AuditRunner {
  if (!fetcher) throw new Error('createApp needs a fetcher or a runner');
  return createEngineRunner({
    fetcher,
    deadlineMs: config.auditDeadlineMs,
    concurrency: config.auditConcurrency,
    queueLimit: config.auditQueueLimit,
    now,
  });
}

/** Crawls in this process on this thread, with the app's fetcher (tests build the app this way). */
function defaultCrawls(deps: AppDeps, config: AppConfig, logger: Logger, now: () => Date): CrawlService {
  const fetcher = deps.fetcher ?? createNodeFetcher();
  return createEmbeddedCrawls({
    store: deps.store,
    pages: createInProcessPageRunner(fetcher),
    fetcher,
    settings: { ...crawlSettingsFor({ auditDeadlineMs: config.auditDeadlineMs, concurrency: config.auditConcurrency }), ...config.crawlOverrides },
    logger,
    now,
  });
}
