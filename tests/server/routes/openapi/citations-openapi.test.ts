import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATION_ENGINE_IDS, CITATION_STATUSES } from '../../../../shared/schema/citation-engines.js';
import { citationResultSchema } from '../../../../shared/schema/citation.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('the OpenAPI document covers the citation routes', () => {
  let api: TestApi;
  let doc: any;
  beforeAll(async () => {
    api = await startTestApi();
    doc = (await api.request('GET', '/api/v1/openapi.json', { key: null })).json;
  });
  afterAll(() => api.close({ removeData: true }));

  it('lists every citation route with its success and error answers', () => {
    const expected: Array<[string, string, string[]]> = [
      ['/api/v1/prompts', 'get', ['200', '401', '403']],
      ['/api/v1/prompts', 'post', ['201', '400', '401', '403', '409', '413', '415']],
      ['/api/v1/prompts/{id}', 'delete', ['204', '404']],
      ['/api/v1/citations', 'get', ['200', '400', '401', '403']],
      ['/api/v1/citations/checks', 'post', ['202', '401', '403', '429']],
      ['/api/v1/citations/checks/{id}', 'get', ['200', '404']],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      for (const status of statuses) expect(operation.responses[status], `${method} ${path} ${status}`).toBeDefined();
    }
  });

  it('generates the result schema from the shared zod schema: every member, the engine ids and statuses', () => {
    const result = doc.components.schemas.CitationResult;
    expect(Object.keys(result.properties).sort()).toEqual(Object.keys(citationResultSchema.shape).sort());
    expect(result.properties.engine.enum).toEqual([...CITATION_ENGINE_IDS]);
    expect(result.properties.status.enum).toEqual([...CITATION_STATUSES]);
    expect(result.required).toEqual(expect.arrayContaining(['prompt', 'engine', 'cited', 'checked_at', 'position', 'runs', 'cited_runs']));
    const engineParam = doc.paths['/api/v1/citations'].get.parameters.find((p: { name: string }) => p.name === 'engine');
    expect(engineParam.schema.enum).toEqual([...CITATION_ENGINE_IDS]);
  });
});
