/**
 * Every error leaves as `{"error": "..."}`: HttpErrors with their status, Koa/router errors that are safe
 * to show with theirs, a full disk (ENOSPC, EDQUOT) as a 507 that says so, anything else as a 500 whose details go
 * to the log only. A request no route
 * answered is a JSON 404; a known path with another method a JSON 405 with Allow (also for methods no
 * route implements at all, which the router would answer with 501).
 */
import type { Middleware } from 'koa';
import { HttpError } from '../http/http-error.js';
import type { Logger } from '../logging/logger.js';
import type { ApiState } from '../http/state.js';

interface ExposedError {
  status?: number;
  expose?: boolean;
  message?: string;
  headers?: Record<string, string>;
}

export function jsonErrors(logger: Logger): Middleware<ApiState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 501) {
        // The router answers 501 for a method no route implements (PROPFIND, ...). A client error is the
        // honest answer here, and the API promises no 5xx for bad requests: 405 on a known path, else 404.
        ctx.status = ctx.response.get('Allow') ? 405 : 404;
      }
      if (ctx.body == null && ctx.status >= 400) {
        const status = ctx.status; // assigning a body would reset a 404 Koa set by default
        // A CONNECT's target is a host and port, with no path (server/app/listen.ts).
        const target = (ctx.path as string | null) ?? ctx.url;
        ctx.body = { error: bodilessErrorMessage(status, ctx.method, target, ctx.response.get('Allow')) };
        ctx.status = status;
      }
    } catch (error) {
      const e = error as ExposedError;
      let status = 500;
      let message = 'Internal server error';
      let headers: Record<string, string> = {};
      const diskFull = diskFullCode(error);
      if (error instanceof HttpError) {
        ({ status, message, headers } = error);
      } else if (diskFull) {
        // Nothing half-written is kept (durable writes are whole or not at all): say why, and that it was not stored.
        status = 507;
        message = `The server's disk is full (${diskFull}): this change was not stored; retry once space is freed`;
        logger.error('disk full', { request_id: ctx.state.requestId, code: diskFull, error: (error as Error).message });
      } else if (e && e.expose && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
        status = e.status;
        message = e.message ?? message;
        headers = e.headers ?? {};
      } else {
        logger.error('unhandled error', {
          request_id: ctx.state.requestId,
          error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
        });
      }
      ctx.set(headers);
      ctx.status = status;
      ctx.body = { error: message };
    }
  };
}

/** ENOSPC or EDQUOT when the error, or one it was caused by, is the file system saying it is full. */
function diskFullCode(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return code;
  }
  return null;
}

/** Messages for answers Koa or the router gave without a body: no route, or a method the path lacks. */
function bodilessErrorMessage(status: number, method: string, path: string, allow: string): string {
  if (status === 404) {
    // No route takes a trailing slash (server/routes/router.ts): say so rather than leave the caller guessing.
    const hint = path.length > 1 && path.endsWith('/') ? ` (paths take no trailing slash: ${path.replace(/\/+$/, '') || '/'})` : '';
    return `Not found: ${method} ${path}${hint}`;
  }
  if (status === 405) return `Method ${method} is not allowed on ${path}${allow ? `; allowed: ${allow}` : ''}`;
  return `Request failed with status ${status}`;
}
