/** The OpenAPI 3.1 document: paths written per section, schemas generated from the shared zod schemas. */
import { buildComponents } from './components.js';
import { OPENAPI_SECTIONS } from './sections/index.js';
import type { OpenApiObject, OpenApiSection } from './types.js';

const ERROR_FORMAT =
  'Every error body is exactly `{"error": "<message>"}`. Every response carries `X-Request-Id`. ' +
  'Paths are case-sensitive and take no trailing slash: anything else is an unknown route (404). A known path with another method answers 405 (with `Allow`). ' +
  'Request bodies are UTF-8 JSON objects; a member a schema does not list is refused (400 naming it). ' +
  'When the server runs with REQUIRE_HTTPS=1, requests that did not arrive over HTTPS get 403 (except /healthz).';

export function buildOpenApiDocument(sections: readonly OpenApiSection[] = OPENAPI_SECTIONS, version = '0.1.0'): OpenApiObject {
  const paths: Record<string, OpenApiObject> = {};
  const webhooks: Record<string, OpenApiObject> = {};
  for (const section of sections) {
    for (const [path, item] of Object.entries(section.paths)) {
      if (paths[path]) throw new Error(`OpenAPI: two sections define ${path}`);
      paths[path] = item;
    }
    for (const [name, item] of Object.entries(section.webhooks ?? {})) {
      if (webhooks[name]) throw new Error(`OpenAPI: two sections define the webhook ${name}`);
      webhooks[name] = item;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Citable API',
      version,
      description: `Audits whether AI answer engines can read, use and cite a website. Available on the Agency plan. ${ERROR_FORMAT}`,
    },
    servers: [{ url: '/', description: 'This server; API paths start with /api/v1.' }],
    security: [{ bearerAuth: [] }],
    tags: sections.map((s) => s.tag),
    paths,
    ...(Object.keys(webhooks).length > 0 ? { webhooks } : {}),
    components: buildComponents(sections),
  };
}
