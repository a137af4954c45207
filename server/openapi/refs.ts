/** Small builders so path definitions stay short and every error response looks the same. */
import type { OpenApiObject } from './types.js';

export const schemaRef = (name: string): OpenApiObject => ({ $ref: `#/components/schemas/${name}` });

export const jsonContent = (schema: OpenApiObject): OpenApiObject => ({ 'application/json': { schema } });

export const jsonResponse = (description: string, schemaName: string, headers?: Record<string, string>): OpenApiObject => ({
  description,
  content: jsonContent(schemaRef(schemaName)),
  ...(headers
    ? { headers: Object.fromEntries(Object.entries(headers).map(([h, ref]) => [h, { $ref: `#/components/headers/${ref}` }])) }
    : {}),
});

/** An error response: `{"error": "..."}` with a description saying when it happens. */
export const errorResponse = (description: string, headers?: Record<string, string>): OpenApiObject =>
  jsonResponse(description, 'Error', headers);

/**
 * The answers every authenticated route can give; `badRequest` says when the route itself answers 400
 * (every one does for a repeated Authorization header).
 */
export const authErrors = (badRequest?: string): Record<string, OpenApiObject> => ({
  '400': errorResponse(
    `${badRequest ? `${badRequest} Also: m` : 'M'}ore than one Authorization header (with WWW-Authenticate, error="invalid_request").`,
    {
      'WWW-Authenticate': 'WWW-Authenticate',
    },
  ),
  '401': errorResponse('Missing, malformed, unknown, revoked or expired API key.', { 'WWW-Authenticate': 'WWW-Authenticate' }),
  '403': errorResponse(
    'The account is not on the Agency plan; or a read-only key (created with `--scope read`) on a request that writes (any method but GET and HEAD), ' +
      'with `WWW-Authenticate: Bearer realm="citable", error="insufficient_scope", scope="full"`; or the request did not use HTTPS where HTTPS is required.',
    { 'WWW-Authenticate': 'WWW-Authenticate' },
  ),
  '500': errorResponse('Unexpected server failure; never includes a stack trace.'),
});

export const rateLimitHeaders = {
  'RateLimit-Limit': 'RateLimit-Limit',
  'RateLimit-Remaining': 'RateLimit-Remaining',
  'RateLimit-Reset': 'RateLimit-Reset',
};
