/**
 * Requests by route and status: a counter and a duration histogram. The route label is the router's
 * TEMPLATE (`/api/v1/audits/:id`), never the path, so ids cannot multiply the series; a request no route
 * matched (a 404 for an unknown path, a 405) is counted under `unmatched`, and a method outside the
 * usual ones under `OTHER`.
 */
import type { Middleware } from 'koa';
import { Counter, Histogram } from 'prom-client';
import type { ApiState } from '../http/state.js';
import { metricsRegistry } from '../metrics/registry.js';

export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const requests = new Counter({
  name: 'citable_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  registers: [metricsRegistry],
});
const requestSeconds = new Histogram({
  name: 'citable_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

/** Records one answered request (the middleware's work; the benchmark fills the registry with it). */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
  requests.inc(labels);
  requestSeconds.observe(labels, seconds);
}

/** Mounted just inside the request log, outside the error handler: it sees the status that was sent. */
export function httpMetrics(): Middleware<ApiState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : UNMATCHED_ROUTE;
      observeRequest(ctx.method, route, ctx.status, (performance.now() - started) / 1000);
    }
  };
}
