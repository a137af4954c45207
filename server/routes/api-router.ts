/**
 * The /api/v1 router: every resource's routes, each folder's index.ts in turn. A new resource is a
 * folder and one line here (and its section in server/openapi/sections/index.ts).
 */
import { AUDIT_ROUTES } from './audits/index.js';
import { BRANDING_ROUTES } from './branding/index.js';
import { CITATION_ROUTES } from './citations/index.js';
import { CRAWL_ROUTES } from './crawls/index.js';
import { MONITOR_ROUTES } from './monitors/index.js';
import { OPENAPI_ROUTES } from './openapi/index.js';
import { PROJECT_ROUTES } from './projects/index.js';
import { PROMPT_ROUTES } from './prompts/index.js';
import type { ApiRouter, RouteDeps } from './route-deps.js';
import { mountRoutes, type Route } from './route.js';
import { createRouter } from './router.js';
import { SHARE_ROUTES } from './shares/index.js';
import { WEBHOOK_ROUTES } from './webhooks/index.js';

export const API_PREFIX = '/api/v1';

export const API_ROUTES: readonly Route[] = [
  ...AUDIT_ROUTES,
  ...BRANDING_ROUTES,
  ...SHARE_ROUTES,
  ...PROJECT_ROUTES,
  ...PROMPT_ROUTES,
  ...CITATION_ROUTES,
  ...CRAWL_ROUTES,
  ...MONITOR_ROUTES,
  ...WEBHOOK_ROUTES,
  ...OPENAPI_ROUTES,
];

export function createApiRouter(deps: RouteDeps, routes: readonly Route[] = API_ROUTES): ApiRouter {
  return mountRoutes(createRouter({ prefix: API_PREFIX }), routes, deps);
}
