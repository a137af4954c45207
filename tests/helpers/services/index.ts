/** Real PostgreSQL and Redis servers on 127.0.0.1 for tests (see binaries.ts for when tests skip). */
export { findPostgres, findRedis, servicesAvailable } from './binaries.js';
export { startPostgres, type PostgresServer } from './postgres.js';
export { startRedis, type RedisServer } from './redis.js';
export { freePort, waitForPort } from './free-port.js';
