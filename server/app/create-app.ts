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
import { API_ROUTES, createApiRouter } from '../routes/api-router.js';
import {
  createHealthRouter,
  createMetricsRouter,
  createSharePageRouter,
  HEALTH_PATH,
  METRICS_PATH,
  READY_PATH,
} from '../routes/root/index.js';
import { httpMetrics } from '../middleware/http-metrics.js';
import type { RouteDeps } from '../routes/route-deps.js';
import type { Route } from '../routes/route.js';
import { createMcpRouter } from '../mcp/http/mcp-route.js';
import type { Store } from '../store/contracts/store.js';
import type { ApiState } from '../http/state.js';
import { AUDIT_DEADLINE_DEFAULT_MS } from '../settings/audit-settings.js';
import { readReportSettings } from '../settings/report-settings.js';
import { createReportsRuntime, type ReportsRuntime } from '../reports/reports-runtime.js';
import {
  AUDIT_CONCURRENCY_DEFAULT,
  AUDIT_QUEUE_LIMIT_DEFAULT,
  MONITOR_ACCOUNT_CONCURRENCY_DEFAULT,
  MONITOR_RUNS_PER_MINUTE_DEFAULT,
  SYNC_AUDITS_PER_DAY_DEFAULT,
} from '../settings/server-config.js';
import type { CrawlService } from '../crawls/crawl-service.js';
import { crawlLauncherFor } from '../crawls/crawl-launcher.js';
import { createEmbeddedCrawls } from '../crawls/embedded-crawls.js';
import { createInProcessPageRunner } from '../crawls/page-runner.js';
import { crawlSettingsFor, type CrawlSettings } from '../crawls/crawl-settings.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import { observeAudits } from '../events/observe-audits.js';
import type { CrawlLauncher } from '../monitors/crawl-launcher.js';
import { MonitorService } from '../monitors/monitor-service.js';
import { runMonitor } from '../monitors/run-monitor.js';
import { createAddressGuard } from '../net/address-guard.js';
import { createWebhookRuntime, type WebhookRuntime } from '../webhooks/webhook-runtime.js';
import type { Renderer } from '../../shared/types/renderer.js';
import { NO_RENDERING, type RenderAvailability } from '../render/render-availability.js';
import { createFixService, type FixService } from '../fixes/fix-service.js';
import { defaultTrafficService } from '../traffic/default-traffic.js';
import type { TrafficService } from '../traffic/traffic-service.js';

export interface AppConfig {
  trustProxy: boolean;
  requireHttps: boolean;
  auditDeadlineMs: number;
  auditConcurrency: number;
  auditQueueLimit: number;
  /** Site audit settings over the defaults (tests shorten the deadline and the waits). */
  crawlOverrides?: Partial<CrawlSettings>;
  /** Private and loopback addresses allowed (AUDIT_ALLOW_PRIVATE=1): webhook and monitor URLs follow the audit fetcher's rule. */
  auditAllowPrivate: boolean;
  /** Monitor runs one account may have going at once (MONITOR_ACCOUNT_CONCURRENCY), and start per minute (MONITOR_RUNS_PER_MINUTE). */
  monitorAccountConcurrency: number;
  monitorRunsPerMinute: number;
  /** METRICS_TOKEN: GET /metrics from anywhere with this bearer token; null: from this machine only. */
  metricsToken: string | null;
  /** RETENTION_DAYS (0: off): the audit 404 mentions it (the pass itself runs in server/app/retention.ts). */
  retentionDays: number;
  /** SYNC_AUDITS_PER_DAY: audit syncs one account may make in 24 hours (server/routes/audits/sync-audit.ts). */
  syncAuditsPerDay: number;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  trustProxy: false,
  requireHttps: false,
  auditDeadlineMs: AUDIT_DEADLINE_DEFAULT_MS,
  auditConcurrency: AUDIT_CONCURRENCY_DEFAULT,
  auditQueueLimit: AUDIT_QUEUE_LIMIT_DEFAULT,
  auditAllowPrivate: false,
  monitorAccountConcurrency: MONITOR_ACCOUNT_CONCURRENCY_DEFAULT,
  monitorRunsPerMinute: MONITOR_RUNS_PER_MINUTE_DEFAULT,
  metricsToken: null,
  retentionDays: 0,
  syncAuditsPerDay: SYNC_AUDITS_PER_DAY_DEFAULT,
};

export interface AppDeps {
  store: Store;
  /** The engine's door to the network (the SSRF-guarded Node fetcher in production). */
  fetcher?: Fetcher;
  /** Replaces the engine runner built from `fetcher` (tests of the API alone). */
  runner?: AuditRunner;
  /**
   * The process's browser (server/render/): audits and crawls with `render` use it, and requests with `render`
   * are refused (503) when it says it cannot. Default: none, every such request refused.
   */
  renderer?: Renderer & RenderAvailability;
  config?: Partial<AppConfig>;
  logger?: Logger;
  now?: () => Date;
  rateLimitBackend?: RateLimitBackend;
  /** Replaces the routes under /api/v1 (API_ROUTES): tests of the route machinery mount their own. */
  routes?: readonly Route[];
  /** Citation tracking (engines, scheduler); default: every engine not configured, scheduler not started. */
  citations?: CitationsRuntime;
  /** Site audits; default: crawls run in this process with `fetcher` (tests), at the defaults of CRAWL_*. */
  crawls?: CrawlService;
  /**
   * Client reports (PDF printer, PUBLIC_URL); default: the defaults of server/settings/report-settings.ts, Chromium started on first PDF.
   */
  reports?: ReportsRuntime;
  /** Events and webhook deliveries; default: one over the store, its delivery worker not started. */
  webhooks?: WebhookRuntime;
  /**
   * Starts crawls for crawl monitors; default: through `crawls` (server/crawls/crawl-launcher.ts); null: crawl monitors record that crawls
   * are unavailable.
   */
  crawlLauncher?: CrawlLauncher | null;
  /** Fixes; default: read with `fetcher` (else an SSRF-guarded Node fetcher), within the audit deadline. */
  fixes?: FixService;
  /** Log uploads; default: spooled under the system's temporary directory, read in this process. */
  traffic?: TrafficService;
}

export interface CitableApp {
  app: Koa<ApiState>;
  runner: AuditRunner;
  crawls: CrawlService;
  /** The store as routes see it: puts of new audits publish their events. */
  store: Store;
  webhooks: WebhookRuntime;
  /** Runs due monitors; server/app/start-server.ts schedules its passes. */
  monitors: MonitorService;
  /** Log uploads and their ingestion; server/app/start-server.ts resumes unfinished ones. */
  traffic: TrafficService;
  /** From now on new requests get 503; running ones finish. */
  startDraining(): void;
}

export function createApp(deps: AppDeps): CitableApp {
  const config = { ...DEFAULT_APP_CONFIG, ...deps.config };
  const routeDeps = buildRouteDeps(deps, config);
  let draining = false;

  const app = new Koa<ApiState>({ proxy: config.trustProxy });
  app.silent = true; // errors are logged by jsonErrors, with the request id
  app.use(requestLog(routeDeps.logger));
  app.use(httpMetrics());
  app.use(jsonErrors(routeDeps.logger));
  app.use(requireHost());
  app.use(refuseWhileDraining(() => draining));
  // Probes and the scraper may use plain HTTP on the internal port (/metrics keeps its own access rule).
  if (config.requireHttps) app.use(requireHttps(new Set([HEALTH_PATH, READY_PATH, METRICS_PATH])));
  app.use(extensionCors());
  // Each router answers its own paths; allowedMethods turns another method on a known path into 405 + Allow.
  const routers = [
    createHealthRouter(routeDeps), // GET /healthz, GET /readyz
    createMetricsRouter(routeDeps, config.metricsToken), // GET /metrics
    createApiRouter(routeDeps, deps.routes ?? API_ROUTES),
    createMcpRouter(routeDeps), // POST /mcp, at the root
    createSharePageRouter(routeDeps), // GET /r/{token}, no key: outside /api/v1
  ];
  for (const r of routers) {
    app.use(r.routes());
    app.use(r.allowedMethods());
  }

  const { runner, crawls, store, webhooks, monitors, traffic } = routeDeps;
  return {
    app,
    runner,
    crawls,
    store,
    webhooks,
    monitors,
    traffic,
    startDraining: () => {
      draining = true;
    },
  };
}

/** Everything routes use, from the app's dependencies or their defaults. */
function buildRouteDeps(deps: AppDeps, config: AppConfig): RouteDeps {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? (() => new Date());
  const runner = deps.runner ?? buildRunner(deps.fetcher, config, now, deps.renderer);
  const addressGuard = deps.webhooks?.guard ?? createAddressGuard({ allowPrivate: config.auditAllowPrivate });
  const webhooks =
    deps.webhooks ??
    createWebhookRuntime({ store: () => deps.store.webhooks(), logger, allowPrivate: config.auditAllowPrivate, guard: addressGuard, now });
  const store = observeAudits(deps.store, webhooks.publisher, logger);
  const crawls = deps.crawls ?? defaultCrawls(deps, config, logger, now);
  const crawlLauncher = deps.crawlLauncher === undefined ? crawlLauncherFor(crawls) : deps.crawlLauncher;
  const monitors = new MonitorService({
    store: () => deps.store.monitors(),
    run: (monitor, signal) =>
      runMonitor(
        { store, runAudit: (url, options) => runner.run(url, options), crawls: crawlLauncher, publisher: webhooks.publisher, now },
        monitor,
        signal,
      ),
    logger,
    now: () => now().getTime(),
    // Monitor runs share the audit runner with the API: at most half its slots.
    maxRunning: Math.max(1, Math.floor(config.auditConcurrency / 2)),
    policy: { perAccountRunning: config.monitorAccountConcurrency, perAccountPerMinute: config.monitorRunsPerMinute },
  });
  return {
    store,
    runner,
    logger,
    now,
    rateLimitBackend: deps.rateLimitBackend ?? createRateLimitBackend({ redisUrl: null }),
    citations: deps.citations ?? defaultCitations(deps.store, logger, now),
    guard: [authenticate(deps.store, { now }), requireAgencyPlan()],
    guardCheckingScopeItself: [authenticate(deps.store, { now, scopeByMethod: false }), requireAgencyPlan()],
    reports: deps.reports ?? createReportsRuntime(readReportSettings({})),
    crawls,
    addressGuard,
    webhooks,
    monitors,
    rendering: deps.renderer ?? NO_RENDERING,
    retentionDays: config.retentionDays,
    syncAuditsPerDay: config.syncAuditsPerDay,
    fixes:
      deps.fixes ??
      createFixService({
        store: deps.store,
        fetcher: deps.fetcher ?? createNodeFetcher({ allowPrivate: config.auditAllowPrivate }),
        deadlineMs: config.auditDeadlineMs,
      }),
    traffic: deps.traffic ?? defaultTrafficService(deps.store, logger, now, webhooks.publisher),
  };
}

/** Citation tracking with every engine unconfigured and the scheduler not started (tests build the app this way). */
function defaultCitations(store: Store, logger: Logger, now: () => Date): CitationsRuntime {
  return createCitationsRuntime({
    config: readCitationConfig({}),
    store: () => store.citations(),
    projects: () => store.projects(),
    now,
    logger,
  });
}

function buildRunner(fetcher: Fetcher | undefined, config: AppConfig, now: () => Date, renderer?: Renderer): AuditRunner {
  if (!fetcher) throw new Error('createApp needs a fetcher or a runner');
  return createEngineRunner({
    fetcher,
    ...(renderer ? { renderer } : {}),
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
    pages: createInProcessPageRunner(fetcher, deps.renderer ? { renderer: deps.renderer } : {}),
    fetcher,
    settings: {
      ...crawlSettingsFor({ auditDeadlineMs: config.auditDeadlineMs, concurrency: config.auditConcurrency }),
      ...config.crawlOverrides,
    },
    logger,
    now,
  });
}
