/** Server configuration from the environment (README, "Configuration"). Invalid values stop the start with a message. */
import path from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
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
  /** PostgreSQL instead of the embedded store in dataDir (several processes share it). */
  databaseUrl: string | null;
  /** PostgreSQL connections per process. */
  databasePoolSize: number;
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const tlsCert = env.TLS_CERT || null;
  const tlsKey = env.TLS_KEY || null;
  if (Boolean(tlsCert) !== Boolean(tlsKey)) throw new ConfigError('TLS_CERT and TLS_KEY must be set together');
  const auditDeadlineMs = int(env, 'AUDIT_DEADLINE_MS', 45_000, 1_000, 600_000);
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 8787, 0, 65_535),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    tlsCert,
    tlsKey,
    trustProxy: flag(env, 'TRUST_PROXY'),
    requireHttps: flag(env, 'REQUIRE_HTTPS'),
    auditAllowPrivate: flag(env, 'AUDIT_ALLOW_PRIVATE'),
    auditDeadlineMs,
    auditConcurrency: int(env, 'AUDIT_CONCURRENCY', 4, 1, 64),
    auditQueueLimit: int(env, 'AUDIT_QUEUE_LIMIT', 100, 0, 10_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', auditDeadlineMs + 5_000, 0, 600_000),
    logLevel: logLevel(env.LOG_LEVEL),
    auditCacheMb: int(env, 'AUDIT_CACHE_MB', 0, 0, 4096),
    redisUrl: env.REDIS_URL || null,
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
  };
}

/** An integer variable within [min, max], or `fallback` when unset; anything else is a ConfigError naming the variable. */
export function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new ConfigError(`${name} must be 1 or 0, got ${JSON.stringify(env[name])}`);
}

function logLevel(raw: string | undefined): LogLevel {
  const value = (raw || 'info').toLowerCase();
  if (['debug', 'info', 'warn', 'error', 'silent'].includes(value)) return value as LogLevel;
  throw new ConfigError(`LOG_LEVEL must be debug, info, warn, error or silent, got ${JSON.stringify(raw)}`);
}
