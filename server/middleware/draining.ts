import type { Middleware } from 'koa';
import { HttpError } from '../http/http-error.js';

/**
 * After SIGTERM: requests already running finish; new ones (on kept-alive connections) get 503 and the
 * connection is closed, so clients retry against the next instance.
 */
export function refuseWhileDraining(isDraining: () => boolean): Middleware {
  return async (ctx, next) => {
    if (isDraining()) {
      ctx.set('Connection', 'close');
      throw new HttpError(503, 'The server is shutting down: retry shortly', { 'Retry-After': '5' });
    }
    try {
      await next();
    } finally {
      if (isDraining()) ctx.set('Connection', 'close'); // began before SIGTERM: answer, then let the socket go
    }
  };
}
