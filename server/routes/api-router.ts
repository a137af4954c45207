/**
 * The /api/v1 router: every route module in order. The citation routes are one more module in
 * API_ROUTE_MODULES (and one more section in server/openapi/sections/index.ts).
 */
import { AUDIT_ROUTES } from './audits/index.js';
import { CITATION_ROUTES } from './citations-routes.js';
import { CRAWL_ROUTES } from './crawls/index.js';
import { MONITOR_ROUTES } from './monitors.js';
import { WEBHOOK_ROUTES } from './webhooks.js';
import { openApiRoute } from './openapi-route.js';
import { REPORT_ROUTES } from './reports/index.js';
import type { ApiRouter, RouteDeps, RouteModule } from './route-module.js';
import { createRouter } from './router.js';

export const API_PREFIX = '/api/v1';

export const API_ROUTE_MODULES: readonly RouteModule[] = [
  ...AUDIT_ROUTES,
  ...REPORT_ROUTES,
  ...CITATION_ROUTES,
  ...CRAWL_ROUTES,
  ...MONITOR_ROUTES,
  ...WEBHOOK_ROUTES,
  openApiRoute,
];

export function createApiRouter(deps: RouteDeps, modules: readonly RouteModule[] = API_ROUTE_MODULES): ApiRouter {
  const router = createRouter({ prefix: API_PREFIX });
  for (const module of modules) module.register(router, deps);
  return router;
}
