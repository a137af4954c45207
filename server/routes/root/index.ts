/**
 * The routes at the server's root, outside /api/v1, without a key: GET /healthz, GET /r/{token} (a
 * shared report) and GET /r/{token}/badge.svg (its score as a badge). Each has its own router, mounted in server/app/create-app.ts beside the API's and
 * POST /mcp's (server/mcp/http/mcp-route.ts).
 */
import type { RouteDeps } from '../route-deps.js';
import { mountRoutes } from '../route.js';
import { createRouter } from '../router.js';
import { getHealth } from './healthz.js';
import { getShareBadge } from './share-badge.js';
import { getSharedReport } from './share-page.js';

export { HEALTH_PATH } from './healthz.js';

export function createHealthRouter(deps: RouteDeps) {
  return mountRoutes(createRouter(), [getHealth], deps);
}

export function createSharePageRouter(deps: RouteDeps) {
  return mountRoutes(createRouter(), [getSharedReport, getShareBadge], deps);
}
