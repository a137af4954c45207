import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/settings/parse.js';
import { readServerConfig as readConfig } from '../../../server/settings/server-config.js';
import { closeRateLimitBackend, createRateLimitBackend } from '../../../server/middleware/rate-limit-backend.js';

describe('readConfig', () => {
  it('defaults to loopback, port 8787, ./data, plain HTTP, private addresses refused', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      dataDir: path.resolve('./data'),
      tlsCert: null,
      tlsKey: null,
      trustProxy: false,
      requireHttps: false,
      auditAllowPrivate: false,
      auditDeadlineMs: 45_000,
      shutdownGraceMs: 50_000,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = readConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      DATA_DIR: '/srv/citable',
      TLS_CERT: '/c.pem',
      TLS_KEY: '/k.pem',
      TRUST_PROXY: '1',
      REQUIRE_HTTPS: 'true',
      AUDIT_ALLOW_PRIVATE: '1',
      AUDIT_DEADLINE_MS: '20000',
      LOG_LEVEL: 'warn',
      AUDIT_CACHE_MB: '16',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      dataDir: '/srv/citable',
      tlsCert: '/c.pem',
      tlsKey: '/k.pem',
      trustProxy: true,
      requireHttps: true,
      auditAllowPrivate: true,
      auditDeadlineMs: 20_000,
      shutdownGraceMs: 25_000,
      logLevel: 'warn',
      auditCacheMb: 16,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ TLS_CERT: '/c.pem' }, /TLS_CERT and TLS_KEY must be set together/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be 1 or 0/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be/],
    [{ AUDIT_DEADLINE_MS: '10' }, /AUDIT_DEADLINE_MS/],
  ])('refuses %j with a message', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it('REDIS_URL counts limits in Redis (shared by every process); without it, in memory', async () => {
    const redis = createRateLimitBackend({ redisUrl: 'redis://127.0.0.1:6379' });
    expect(redis.driver).toBe('redis');
    await closeRateLimitBackend(redis); // connects lazily: nothing was opened
    expect(createRateLimitBackend({ redisUrl: null }).driver).toBe('memory');
  });

  it('DATABASE_URL selects PostgreSQL, with a pool size per process', () => {
    expect(readConfig({})).toMatchObject({ databaseUrl: null, redisUrl: null, databasePoolSize: 10 });
    expect(
      readConfig({ DATABASE_URL: 'postgres://c@127.0.0.1/citable', REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_POOL_SIZE: '20' }),
    ).toMatchObject({
      databaseUrl: 'postgres://c@127.0.0.1/citable',
      redisUrl: 'redis://127.0.0.1:6379',
      databasePoolSize: 20,
    });
    expect(() => readConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE must be an integer from 1 to 200/);
  });
});
