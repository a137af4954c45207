/** The API server's configuration from the environment (docs/configuration.md). Invalid values stop the start with a message. */
import { LOG_LEVELS, type LogLevel } from '../logging/logger.js';
import { readAuditSettings, type AuditSettings } from './audit-settings.js';
import { ConfigError, readChoice, readDuration, readFlag, readInt, readText, type Env } from './parse.js';
import { readReportSettings, type ReportSettings } from './report-settings.js';
import { readStoreSettings, type StoreSettings } from './store-settings.js';
import { readCrawlSettings, type CrawlEnvSettings } from './crawl-settings.js';
import { readRenderSettings, type RenderSettings } from './render-settings.js';
import { readLogUploadSettings, type LogUploadSettings } from './logs-settings.js';

/** Audits running at once, and waiting for a slot, unless configured. */
export const AUDIT_CONCURRENCY_DEFAULT = 4;
export const AUDIT_QUEUE_LIMIT_DEFAULT = 100;
/** Monitor runs of one account going at once (across processes), and started per minute, unless configured. */
export const MONITOR_ACCOUNT_CONCURRENCY_DEFAULT = 1;
export const MONITOR_RUNS_PER_MINUTE_DEFAULT = 20;

export interface ServerConfig extends StoreSettings {
  host: string;
  port: number;
  /** Paths of a PEM certificate and key: serve HTTPS directly. */
  tlsCert: string | null;
  tlsKey: string | null;
  /** Trust X-Forwarded-Proto / X-Forwarded-For from a reverse proxy. */
  trustProxy: boolean;
  /** Refuse (403) requests that did not arrive over HTTPS. */
  requireHttps: boolean;
  /** Let audits fetch private and loopback addresses (tests and local development only). */
  auditAllowPrivate: boolean;
  /** Overall time budget of one audit. */
  auditDeadlineMs: number;
  /** Audits running at once; more wait in a queue. */
  auditConcurrency: number;
  /** Audits allowed to wait for a slot before the server answers 503. */
  auditQueueLimit: number;
  /** How long SIGTERM waits for in-flight requests before cancelling them. */
  shutdownGraceMs: number;
  logLevel: LogLevel;
  /**
   * Megabytes of recently read audits kept in the process (0, the default: none). The OS page cache
   * already keeps hot audit files in memory; a process cache measured slower under random reads, its
   * churn of buffers costing more in garbage collection than the file reads it saves.
   */
  auditCacheMb: number;
  /** Redis for several server processes: shared rate-limit counters and the citation job queue (BullMQ). */
  redisUrl: string | null;
  /** PostgreSQL connections per process. */
  databasePoolSize: number;
  /** Site audits (CRAWL_*). */
  crawl: CrawlEnvSettings;
  /** Share links and PDFs (docs/api-decisions.md#reports-shares-and-diffs). */
  reports: ReportSettings;
  /** Rendering pages in headless Chromium (RENDER_*, CHROMIUM_PATH). */
  render: RenderSettings;
  /** Webhook deliveries in flight at once to one webhook (per process). */
  /** LOG_UPLOAD_MAX_BYTES: the largest log file POST /projects/{id}/logs takes (413 beyond). */
  logUploadMaxBytes: number;
  /** LOG_SPOOL_DIR, LOG_CHUNK_BYTES: where uploads wait until read, and in what chunks they are committed. */
  logUpload: LogUploadSettings;
  webhookConcurrency: number;
  /** How often monitors are looked at for due runs. */
  monitorTickMs: number;
  /** Monitor runs of one account going at once, across processes (fair shares: one account cannot hold every slot). */
  monitorAccountConcurrency: number;
  /** Monitor runs one account may start per minute, counted in the store (creating and deleting monitors does not reset it). */
  monitorRunsPerMinute: number;
  /** With REDIS_URL: how often each process checks that the repeating schedules still exist in Redis. */
  scheduleCheckMs: number;
  /** GET /metrics from anywhere with `Authorization: Bearer <token>`; null: from this machine only. */
  metricsToken: string | null;
  /** Audits and citation rows older than this many days are removed once a day; 0: kept for ever. */
  retentionDays: number;
  /** Audit syncs (PUT /audits/{id}) one account may make in 24 hours, beyond the per-minute limit. */
  syncAuditsPerDay: number;
}

/** Audit syncs per account and 24 hours: far more than people run in a browser, far less than a script could send. */
export const SYNC_AUDITS_PER_DAY_DEFAULT = 2_000;

/** A bearer token anyone could guess in a few tries protects nothing. */
const METRICS_TOKEN_MIN = 16;

function readMetricsToken(env: Env): string | null {
  const token = readText(env, 'METRICS_TOKEN');
  if (token !== null && (token.length < METRICS_TOKEN_MIN || /\s/.test(token))) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters without spaces (openssl rand -hex 32 makes one), got ${token.length} characters`,
    );
  }
  return token;
}

export function readServerConfig(env: Env): ServerConfig {
  const tlsCert = readText(env, 'TLS_CERT');
  const tlsKey = readText(env, 'TLS_KEY');
  if (Boolean(tlsCert) !== Boolean(tlsKey)) throw new ConfigError('TLS_CERT and TLS_KEY must be set together');
  const audit: AuditSettings = readAuditSettings(env);
  return {
    host: readText(env, 'HOST') ?? '127.0.0.1',
    port: readInt(env, 'PORT', 8787, 0, 65_535),
    ...readStoreSettings(env),
    tlsCert,
    tlsKey,
    trustProxy: readFlag(env, 'TRUST_PROXY'),
    requireHttps: readFlag(env, 'REQUIRE_HTTPS'),
    auditAllowPrivate: audit.allowPrivate,
    auditDeadlineMs: audit.deadlineMs,
    auditConcurrency: readInt(env, 'AUDIT_CONCURRENCY', AUDIT_CONCURRENCY_DEFAULT, 1, 64),
    auditQueueLimit: readInt(env, 'AUDIT_QUEUE_LIMIT', AUDIT_QUEUE_LIMIT_DEFAULT, 0, 10_000),
    shutdownGraceMs: readInt(env, 'SHUTDOWN_GRACE_MS', audit.deadlineMs + 5_000, 0, 600_000),
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    auditCacheMb: readInt(env, 'AUDIT_CACHE_MB', 0, 0, 4096),
    redisUrl: readText(env, 'REDIS_URL'),
    databasePoolSize: readInt(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    crawl: readCrawlSettings(env),
    reports: readReportSettings(env),
    render: readRenderSettings(env),
    webhookConcurrency: readInt(env, 'WEBHOOK_CONCURRENCY', 4, 1, 64),
    logUploadMaxBytes: readInt(env, 'LOG_UPLOAD_MAX_BYTES', 2 * 1024 ** 3, 1, Number.MAX_SAFE_INTEGER),
    logUpload: readLogUploadSettings(env),
    monitorTickMs: readDuration(env, 'MONITOR_TICK', 30_000, 100),
    monitorAccountConcurrency: readInt(env, 'MONITOR_ACCOUNT_CONCURRENCY', MONITOR_ACCOUNT_CONCURRENCY_DEFAULT, 1, 64),
    monitorRunsPerMinute: readInt(env, 'MONITOR_RUNS_PER_MINUTE', MONITOR_RUNS_PER_MINUTE_DEFAULT, 1, 10_000),
    scheduleCheckMs: readDuration(env, 'SCHEDULE_CHECK_INTERVAL', 60_000, 100),
    metricsToken: readMetricsToken(env),
    retentionDays: readInt(env, 'RETENTION_DAYS', 0, 0, 36_500),
    syncAuditsPerDay: readInt(env, 'SYNC_AUDITS_PER_DAY', SYNC_AUDITS_PER_DAY_DEFAULT, 1, 10_000_000),
  };
}
