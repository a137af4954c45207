/**
 * The last handler of a route behind `deps.guard`: it receives `ctx.state.account` and `ctx.state.key`
 * as set, by type, instead of asserting them at every use. A route that forgot the guard fails loudly
 * (a 500 logged with the request id) rather than reading another request's nothing.
 */
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Next } from 'koa';
import type { ApiState, AuthedState } from '../http/state.js';

export type AuthedContext = RouterContext<AuthedState>;

export function authed(handler: (ctx: AuthedContext, next: Next) => unknown): RouterMiddleware<ApiState> {
  return (ctx, next) => {
    if (!ctx.state.account || !ctx.state.key)
      throw new Error(`${ctx.method} ${ctx._matchedRoute ?? ctx.path}: authed() without the authentication guard in front`);
    return handler(ctx as unknown as AuthedContext, next);
  };
}
