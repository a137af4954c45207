/**
 * The routes at the server's root, outside /api/v1, without a key: GET /healthz, GET /readyz, GET /metrics
 * (its own access rule: metrics.ts), GET /r/{token} (a shared report) and GET /r/{token}/badge.svg (its score
 * as a badge). Each has its own router, mounted in server/app/create-app.ts beside the API's and
 * POST /mcp's (server/mcp/http/mcp-route.ts).
 */
import type { RouteDeps } from '../route-deps.js';
import { mountRoutes } from '../route.js';
import { createRouter } from '../router.js';
import { getHealth } from './healthz.js';
import { metricsRoute } from './metrics.js';
import { getReady } from './readyz.js';
import { getShareBadge } from './share-badge.js';
import { getSharedReport } from './share-page.js';

export { HEALTH_PATH } from './healthz.js';
export { METRICS_PATH } from './metrics.js';
export { READY_PATH } from './readyz.js';

export function createHealthRouter(deps: RouteDeps) {
  return mountRoutes(createRouter(), [getHealth, getReady], deps);
}

/** GET /metrics; `token`: METRICS_TOKEN, or null for loopback only. */
export function createMetricsRouter(deps: RouteDeps, token: string | null) {
  return mountRoutes(createRouter(), [metricsRoute(token)], deps);
}

export function createSharePageRouter(deps: RouteDeps) {
  return mountRoutes(createRouter(), [getSharedReport, getShareBadge], deps);
}
