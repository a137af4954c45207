import { buildOpenApiDocument } from '../../openapi/document.js';
import { openRoute } from '../route.js';

let json: string | null = null;

/** GET /api/v1/openapi.json, no key needed. Built once: the document is fixed for the process. */
export const getOpenApi = openRoute({
  method: 'GET',
  path: '/openapi.json',
  handle(ctx) {
    json ??= JSON.stringify(buildOpenApiDocument());
    ctx.type = 'application/json';
    ctx.body = json;
  },
});
