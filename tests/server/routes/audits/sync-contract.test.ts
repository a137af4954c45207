/**
 * PUT /audits/{id} refuses audits that break the contract, naming the first problem,
 * where it used to store and serve them back: two of six categories, an issue at index 0 with position 7,
 * a score far from its categories, a url of javascript:alert(1). Nothing refused is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, type Audit } from '../../../../shared/types/audit.js';
import { buildOpenApiDocument } from '../../../../server/openapi/document.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { extensionAudit } from '../../helpers/extension-audit.js';

describe("PUT /api/v1/audits/{id}: the contract's invariants", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close({ removeData: true }));

  it.each<[string, (a: Audit) => unknown, string]>([
    [
      'two of six categories',
      (a) => ({ ...a, category_scores: a.category_scores.slice(0, 2) }),
      'audit.category_scores: must list the six categories in contract order (Crawler Access, Rendering, Structured Data, Content Structure, AI Discovery, Trust), got 2',
    ],
    [
      'an issue at index 0 with position 7',
      (a) => ({ ...a, issues: [{ ...a.issues[0]!, position: 7 }, ...a.issues.slice(1)] }),
      "audit.issues[0].position: must be 0, the issue's index in issues (got 7)",
    ],
    [
      'a score far from its categories',
      (a) => ({ ...a, score: 12 }),
      'audit.score: must be 65, the weighted mean of the applicable categories (got 12)',
    ],
    [
      'a url of javascript:alert(1)',
      (a) => ({ ...a, url: 'javascript:alert(1)' }),
      'audit.url: only http and https URLs can be audited, not javascript:',
    ],
  ])('%s: 400 naming it, and nothing stored', async (_name, change, message) => {
    const audit = extensionAudit();
    const res = await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit: change(audit) } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: `Invalid audit: ${message}` });
    expect((await api.request('GET', `/api/v1/audits/${audit.id}`)).status).toBe(404);
  });

  it('a whole audit as the engine made it is stored (201)', async () => {
    const audit = extensionAudit();
    expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(201);
  });

  it("an older extension's audit without applicable, rule_errors and score_cap passes once they are filled", async () => {
    const { rule_errors: _errors, score_cap: _cap, ...old } = extensionAudit();
    const legacy = { ...old, category_scores: old.category_scores.map(({ applicable: _a, ...c }) => c) };
    const res = await api.request('PUT', `/api/v1/audits/${legacy.id}`, { body: { audit: legacy } });
    expect(res.status).toBe(201);
    expect(res.json.audit.score_cap).toBeNull();
    expect(res.json.audit.category_scores.every((c: { applicable: boolean }) => c.applicable)).toBe(true);
  });
});

describe('the OpenAPI document says as much of it as JSON Schema can', () => {
  const schemas = (buildOpenApiDocument() as { components: { schemas: Record<string, any> } }).components.schemas;

  it('six categories, each position with its name', () => {
    const categories = schemas.Audit.properties.category_scores;
    expect(categories).toMatchObject({ minItems: 6, maxItems: 6 });
    expect(categories.prefixItems.map((p: any) => p.properties.name.const)).toEqual([...CATEGORY_NAMES]);
  });

  it('url: an http(s) URL or a bare host, never another scheme (the pattern, read as ECMA-262 like JSON Schema does)', () => {
    const url = new RegExp(schemas.Audit.properties.url.pattern);
    for (const ok of ['example.com', 'https://example.com/a', 'HTTP://EXAMPLE.COM', 'localhost:8080/x'])
      expect(url.test(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com/', 'mailto:a@example.com'])
      expect(url.test(bad), bad).toBe(false);
    const finalUrl = new RegExp(schemas.Audit.properties.final_url.pattern);
    expect(finalUrl.test('https://example.com/')).toBe(true);
    expect(finalUrl.test('javascript:alert(1)')).toBe(false);
  });

  it('issues: the order and the positions are described', () => {
    expect(schemas.Audit.properties.issues.description).toMatch(/position.*index/);
  });
});
