/**
 * The one shape of a route: an endpoint declared with `route({...})` (`openRoute` for the few without a
 * key), one per file under server/routes/<resource>/, listed in that folder's index.ts. The declaration
 * says what the endpoint needs; `mount` turns it into one middleware list, always in the same order:
 *
 *   the key guard -> the JSON body -> `beforeLimit` -> the rate limit -> `handle`
 *
 * so everything that can answer 400 runs before the limit counts the request (a refused request never
 * counts), and the handler gets `ctx.state.account` and `ctx.state.key` by type.
 */
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Next } from 'koa';
import type { ApiState, AuthedState } from '../http/state.js';
import { jsonBody, optionalJsonBody } from '../middleware/json-body.js';
import { accountRateLimit, type RateLimitOptions } from '../middleware/rate-limit.js';
import type { ApiRouter, RouteDeps } from './route-deps.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiContext = RouterContext<ApiState>;
export type AuthedContext = RouterContext<AuthedState>;

interface EndpointBase {
  method: Method;
  /** Koa's form, under the router's prefix: `/webhooks/:id/test`. */
  path: string;
}

/** An endpoint for a key of an Agency account: every endpoint but a handful (`openRoute`). */
export interface KeyEndpoint extends EndpointBase {
  /** A JSON object body of at most `limit` bytes in `ctx.state.body`; `optional`: no body at all reads as `{}`. */
  body?: { limit: number; optional?: boolean };
  /**
   * Runs before the rate limit: checks that can answer 400 (and may leave the parsed input in
   * `ctx.state.body`). 'answered' when it answered the request itself: nothing after it runs.
   */
  beforeLimit?: (ctx: AuthedContext, deps: RouteDeps) => Promise<'answered' | void> | 'answered' | void;
  /**
   * Its own per-account limit (a new one is a row in docs/api.md#rate-limits); a function of the deps when a setting
   * sizes it, giving the limits taken in order.
   */
  limit?: Omit<RateLimitOptions, 'backend'> | ((deps: RouteDeps) => Array<Omit<RateLimitOptions, 'backend'>>);
  handle: (ctx: AuthedContext, deps: RouteDeps) => Promise<void> | void;
}

/** An endpoint anyone may call, without a key (GET /openapi.json, GET /healthz, GET /r/{token}). */
export interface OpenEndpoint extends EndpointBase {
  /** Throttles taken in order before `handle`, each with its own `id` (a client address, a token). */
  limits?: Array<Omit<RateLimitOptions, 'backend'>>;
  handle: (ctx: ApiContext, deps: RouteDeps) => Promise<void> | void;
}

/** A mountable route: what `route()` and `openRoute()` make, what routers (and tests) take. */
export interface Route {
  /** As the OpenAPI document names it: `POST /webhooks/{id}/test`. */
  readonly name: string;
  mount(router: ApiRouter, deps: RouteDeps): void;
}

/** An endpoint behind the key guard. */
export function route(endpoint: KeyEndpoint): Route {
  return declared(endpoint, (deps) => keyMiddleware(endpoint, deps));
}

/** An endpoint without a key. */
export function openRoute(endpoint: OpenEndpoint): Route {
  return declared(endpoint, (deps) => [
    ...(endpoint.limits ?? []).map((limit) => accountRateLimit({ backend: deps.rateLimitBackend, ...limit })),
    (ctx) => endpoint.handle(ctx, deps),
  ]);
}

export function mountRoutes(router: ApiRouter, routes: readonly Route[], deps: RouteDeps): ApiRouter {
  for (const r of routes) r.mount(router, deps);
  return router;
}

function declared(endpoint: EndpointBase, middleware: (deps: RouteDeps) => RouterMiddleware<ApiState>[]): Route {
  return {
    name: `${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`,
    mount(router, deps) {
      router.register(endpoint.path, [endpoint.method.toLowerCase()], middleware(deps));
    },
  };
}

function keyMiddleware(endpoint: KeyEndpoint, deps: RouteDeps): RouterMiddleware<ApiState>[] {
  const { body, beforeLimit, limit, handle } = endpoint;
  const chain: RouterMiddleware<ApiState>[] = [...deps.guard];
  if (body) chain.push(body.optional ? optionalJsonBody(body.limit) : jsonBody(body.limit));
  if (beforeLimit) chain.push(authed(async (ctx, next) => ((await beforeLimit(ctx, deps)) === 'answered' ? undefined : next())));
  const limits = typeof limit === 'function' ? limit(deps) : limit ? [limit] : [];
  for (const one of limits) chain.push(accountRateLimit({ backend: deps.rateLimitBackend, ...one }));
  chain.push(authed((ctx) => handle(ctx, deps)));
  return chain;
}

/**
 * A handler behind `deps.guard`: it receives `ctx.state.account` and `ctx.state.key` as set, by type,
 * instead of asserting them at every use. A handler mounted without the guard fails loudly (a 500
 * logged with the request id) rather than reading another request's nothing.
 */
export function authed(handler: (ctx: AuthedContext, next: Next) => unknown): RouterMiddleware<ApiState> {
  return (ctx, next) => {
    if (!ctx.state.account || !ctx.state.key)
      throw new Error(`${ctx.method} ${ctx._matchedRoute ?? ctx.path}: authed() without the authentication guard in front`);
    return handler(ctx as unknown as AuthedContext, next);
  };
}
