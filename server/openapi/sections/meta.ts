/** Routes without authentication: the document itself and the health check. */
import { healthSchema } from '../../../shared/schema/api.js';
import { jsonResponse } from '../refs.js';
import type { OpenApiSection } from '../types.js';

export const metaSection: OpenApiSection = {
  tag: { name: 'Meta', description: 'Service description and health; no API key needed.' },
  schemas: { Health: healthSchema },
  paths: {
    '/api/v1/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        tags: ['Meta'],
        summary: 'This OpenAPI 3.1 document',
        security: [],
        responses: { '200': { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/healthz': {
      get: {
        operationId: 'health',
        tags: ['Meta'],
        summary: 'Liveness check (also over plain HTTP when HTTPS is required)',
        security: [],
        responses: { '200': jsonResponse('The server is up.', 'Health') },
      },
    },
  },
};
