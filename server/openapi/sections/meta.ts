/** Routes without an API key: the document itself, the health and readiness checks, and the metrics. */
import { healthSchema, readinessSchema } from '../../../shared/schema/api.js';
import { errorResponse, jsonResponse } from '../refs.js';
import type { OpenApiSection } from '../types.js';

export const metaSection: OpenApiSection = {
  tag: { name: 'Meta', description: 'Service description, health, readiness and metrics; no API key needed.' },
  schemas: { Health: healthSchema, Readiness: readinessSchema },
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
    '/readyz': {
      get: {
        operationId: 'readiness',
        tags: ['Meta'],
        summary: 'Readiness for load balancers: the store, its schema and Redis answer (also over plain HTTP)',
        security: [],
        responses: {
          '200': jsonResponse('Ready: every check is ok.', 'Readiness'),
          '503': jsonResponse('Not ready: the checks say which part is not (with Retry-After).', 'Readiness'),
        },
      },
    },
    '/metrics': {
      get: {
        operationId: 'metrics',
        tags: ['Meta'],
        summary: 'Prometheus metrics of this process: from this machine only, or with METRICS_TOKEN as a bearer token',
        security: [],
        responses: {
          '200': {
            description: 'The Prometheus text exposition format, version 0.0.4.',
            content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: { type: 'string' } } },
          },
          '401': errorResponse('METRICS_TOKEN is set and the request has no `Authorization: Bearer` with it.'),
          '403': errorResponse('METRICS_TOKEN is not set and the request did not come from this machine (or came through a proxy).'),
        },
      },
    },
  },
};
