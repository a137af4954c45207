/** components/: schemas generated from the shared zod schemas, the bearer scheme, shared headers. */
import { z } from 'zod';
import type { OpenApiObject, OpenApiSection } from './types.js';

export function buildComponents(sections: readonly OpenApiSection[]): OpenApiObject {
  const registry = z.registry<{ id: string }>();
  for (const section of sections) {
    for (const [name, schema] of Object.entries(section.schemas)) {
      const existing = registry.get(schema)?.id;
      if (existing && existing !== name) throw new Error(`OpenAPI: one schema registered as ${existing} and ${name}`);
      if (!existing) registry.add(schema, { id: name });
    }
  }
  const generated = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'throw' });
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(generated.schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
    schemas[name] = rest;
  }
  return {
    schemas,
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          'An API key (`cit_` + 32 letters and digits) created with `citable keys create`. Requires the Agency plan. ' +
          'A key created with `--scope read` may only read (GET, HEAD: anything else is 403); one created with `--expires-in` is refused (401) once it has expired.',
      },
    },
    headers: {
      'X-Request-Id': {
        description: 'Id of this request, also in the server log. A sane incoming X-Request-Id is reused.',
        schema: { type: 'string' },
      },
      'WWW-Authenticate': {
        description:
          '`Bearer realm="citable"`, with `error="invalid_token"` when a key was sent (401), or `error="insufficient_scope", scope="full"` for a read-only key on a request that writes (403).',
        schema: { type: 'string' },
      },
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
      'RateLimit-Limit': { description: 'Requests allowed per window for this account.', schema: { type: 'integer' } },
      'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
      'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
      Location: { description: 'Path of the stored audit.', schema: { type: 'string' } },
    },
  };
}
