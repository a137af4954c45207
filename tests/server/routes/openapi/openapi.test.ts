import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEnvelopeSchema } from '../../../../shared/schema/api.js';
import { AGENT_FILE_KINDS } from '../../../../shared/types/audit.js';
import { createApiRouter, API_PREFIX } from '../../../../server/routes/api-router.js';
import type { RouteDeps } from '../../../../server/routes/route-deps.js';
import { createRateLimitBackend } from '../../../../server/middleware/rate-limit-backend.js';
import { createMcpRouter } from '../../../../server/mcp/http/mcp-route.js';
import { createHealthRouter, createMetricsRouter, createSharePageRouter } from '../../../../server/routes/root/index.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('GET /api/v1/openapi.json', () => {
  let api: TestApi;
  let doc: any;
  beforeAll(async () => {
    api = await startTestApi();
    const res = await api.request('GET', '/api/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    doc = res.json;
  });
  afterAll(() => api.close({ removeData: true }));

  it('is a valid OpenAPI 3.1 document (real validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents exactly the routes the router serves, every method', () => {
    const deps = {
      guard: [],
      guardCheckingScopeItself: [],
      rateLimitBackend: createRateLimitBackend({ redisUrl: null }),
      syncAuditsPerDay: 2_000, // sizes a limit of PUT /audits/{id}, made when the route is mounted
    } as unknown as RouteDeps;
    const served = new Set<string>();
    const roots = [createHealthRouter(deps), createMetricsRouter(deps, null), createSharePageRouter(deps)];
    for (const layer of [...createApiRouter(deps).stack, ...createMcpRouter(deps).stack, ...roots.flatMap((r) => r.stack)]) {
      const path = String(layer.path).replace(/:(\w+)/g, '{$1}');
      for (const method of layer.methods) if (method !== 'HEAD') served.add(`${method} ${path}`);
    }
    const documented = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    expect([...documented].sort()).toEqual([...served].sort());
    const atRoot = ['GET /healthz', 'GET /readyz', 'GET /metrics', 'POST /mcp', 'GET /r/{token}', 'GET /r/{token}/badge.svg'];
    expect([...served].filter((r) => !r.includes(API_PREFIX))).toEqual(expect.arrayContaining(atRoot));
    expect([...served].every((r) => r.includes(API_PREFIX) || atRoot.includes(r))).toBe(true);
  });

  it('lists every error status of the contract with the {"error"} schema, and the bearer scheme', () => {
    const post = doc.paths['/api/v1/audits'].post;
    for (const status of ['400', '401', '403', '413', '415', '422', '429', '500']) {
      expect(post.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(doc.paths['/api/v1/audits/{id}'].get.responses['404']).toBeDefined();
    expect(doc.paths['/api/v1/audits/{id}'].put.responses['409']).toBeDefined();
    expect(doc.components.schemas.Error).toMatchObject({ required: ['error'], additionalProperties: false });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/healthz'].get.security).toEqual([]);
  });

  it('its Audit schema is generated from the shared zod schema (same required members and enums)', () => {
    const audit = doc.components.schemas.Audit;
    expect(audit.required.sort()).toEqual(
      Object.entries(auditEnvelopeSchema.shape.audit.shape)
        .filter(([, member]) => !member.safeParse(undefined).success)
        .map(([name]) => name)
        .sort(),
    );
    expect(audit.properties.status).toMatchObject({ const: 'complete' });
    expect(doc.components.schemas.Issue.properties.severity.enum).toEqual(['critical', 'warning', 'notice']);
  });

  it('documents signals.agent_discovery (docs/api-decisions.md#agent-discovery-signals) as optional, with its exact kinds and statuses', () => {
    const schemas = doc.components.schemas;
    expect(schemas.Signals.required).toEqual(['webmcp']);
    expect(JSON.stringify(schemas.Signals.properties.agent_discovery)).toContain('#/components/schemas/AgentDiscoverySignal');
    const file = schemas.AgentDiscoveryFile;
    expect(file.required.sort()).toEqual(['kind', 'problems', 'status', 'url', 'via']);
    expect(file.properties.status.enum).toEqual(['found', 'invalid', 'not_found', 'error']);
    expect(file.properties.kind.enum).toEqual([...AGENT_FILE_KINDS]);
  });
});
