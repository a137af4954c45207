/**
 * Outermost middleware: gives each request an id (a sane incoming X-Request-Id is kept, so a proxy's id
 * carries through), returns it as a header, and writes one JSON log line per request. The line lists
 * chosen fields only: never headers, bodies or query strings, so a key cannot reach the log.
 */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logging/logger.js';
import type { ApiState } from '../http/state.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestLog(logger: Logger): Middleware<ApiState> {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      logger.info('request', {
        request_id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        bytes: ctx.response.length ?? null,
        ip: ctx.ip,
        account_id: ctx.state.account?.id ?? null,
        key_id: ctx.state.key?.id ?? null,
      });
    }
  };
}
