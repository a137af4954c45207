/**
 * One rule for request bodies: a member the API does not know is refused with 400
 * naming it, on every route, as the OpenAPI document says (`additionalProperties: false`). The rule lives
 * in the shared zod schemas, so the OpenAPI walk below also holds every route added later to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../../../server/openapi/document.js';
import { OPENAPI_SECTIONS } from '../../../../server/openapi/sections/index.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { fakeFetcher } from '../../helpers/fake-fetcher.js';
import { extensionAudit } from '../../helpers/extension-audit.js';

/** Every object schema in a JSON Schema that lets unknown members through, as JSON pointers. */
function openObjects(node: unknown, where: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const found: string[] = [];
  const object = node as Record<string, unknown>;
  if (object.type === 'object' && object.properties && object.additionalProperties !== false) found.push(where);
  for (const [key, value] of Object.entries(object)) {
    if (Array.isArray(value)) value.forEach((item, i) => found.push(...openObjects(item, `${where}/${key}/${i}`)));
    else found.push(...openObjects(value, `${where}/${key}`));
  }
  return found;
}

/**
 * The zod schema behind a components/schemas name. The OpenAPI document shows output schemas, where a
 * plain z.object is closed too (it strips what it does not know); what the server accepts is the input
 * side, so the check converts the zod schema itself with io: 'input'.
 */
function zodSchema(name: string): z.ZodType {
  for (const section of OPENAPI_SECTIONS) if (section.schemas[name]) return section.schemas[name];
  throw new Error(`no zod schema named ${name}`);
}

describe('unknown members in request bodies', () => {
  let api: TestApi;
  const fetcher = fakeFetcher();
  beforeAll(async () => {
    api = await startTestApi({ fetcher });
  });
  afterAll(() => api.close({ removeData: true }));

  it('every request body in the OpenAPI document refuses unknown members, at every depth (POST /mcp carries MCP messages, defined by MCP)', () => {
    const doc = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const open: string[] = [];
    let bodies = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path === '/mcp') continue;
      for (const [method, operation] of Object.entries(item)) {
        for (const media of Object.values(operation.requestBody?.content ?? {})) {
          const name = String((media.schema as { $ref?: string }).$ref ?? '').replace('#/components/schemas/', '');
          bodies += 1;
          const input = z.toJSONSchema(zodSchema(name), { io: 'input', unrepresentable: 'any' });
          open.push(...openObjects(input, `${method.toUpperCase()} ${path} (${name})`));
        }
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(3);
    expect(open).toEqual([]);
  });

  it('POST /audits with an unknown member: 400 naming it, and nothing is fetched', async () => {
    const before = fetcher.urls.length;
    const res = await api.request('POST', '/api/v1/audits', { body: { url: 'shop.example', extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Unknown member "extra": the API refuses members it does not know' });
    expect(fetcher.urls.length).toBe(before);
  });

  it("POST /prompts and PUT /audits/{id} word it the same way, with the member's path", async () => {
    const prompt = await api.request('POST', '/api/v1/prompts', { body: { text: 'q', domain: 'acme.com', domains: ['x'] } });
    expect(prompt.status).toBe(400);
    expect(prompt.json.error).toBe('Invalid prompt: Unknown member "domains": the API refuses members it does not know');
    const audit = extensionAudit();
    const nested = await api.request('PUT', `/api/v1/audits/${audit.id}`, {
      body: { audit: { ...audit, llms_txt: { ...audit.llms_txt, extra: true } } },
    });
    expect(nested.status).toBe(400);
    expect(nested.json.error).toBe('Invalid audit: audit.llms_txt: unknown member "extra": the API refuses members it does not know');
  });
});
