import { buildOpenApiDocument } from '../openapi/document.js';
import type { RouteModule } from './route-module.js';

/** GET /api/v1/openapi.json, no key needed. Built once: the document is fixed for the process. */
export const openApiRoute: RouteModule = {
  name: 'GET /openapi.json',
  register(router) {
    let json: string | null = null;
    router.get('/openapi.json', (ctx) => {
      json ??= JSON.stringify(buildOpenApiDocument());
      ctx.type = 'application/json';
      ctx.body = json;
    });
  },
};
