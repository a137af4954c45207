/**
 * Every router of the server is made here, so one set of routing rules holds everywhere (docs/api.md#errors):
 * paths are case-sensitive (`/API/V1/AUDITS` is 404) and take no trailing slash (`/api/v1/audits/` is 404,
 * with a hint: server/middleware/json-errors.ts); a known path with another method is 405 with `Allow`
 * (each router's allowedMethods, mounted beside its routes in app/create-app.ts).
 */
import Router from '@koa/router';
import type { ApiState } from '../http/state.js';

export function createRouter(options: { prefix?: string } = {}): Router<ApiState> {
  return new Router<ApiState>({ ...options, sensitive: true, strict: true });
}
