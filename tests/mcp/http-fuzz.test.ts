/**
 * Hostile JSON-RPC bodies on POST /mcp (property-based, fast-check): whatever the message, the answer is
 * never a 5xx, always JSON (or an empty 202 for a notification), and the server keeps serving.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';
import { PUBLISHED_TOOLS } from './tool-names.js';

const HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const METHODS = [
  'initialize',
  'tools/list',
  'tools/call',
  'ping',
  'resources/list',
  'prompts/get',
  'notifications/initialized',
  'completion/complete',
  'logging/setLevel',
  '',
  'x'.repeat(300),
];
const TOOLS = ['audit_url', 'get_audit', 'list_citations', 'crawl_site', '__proto__', ''];

const odd = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
);
const message = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 4, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: odd }),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), odd),
    method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...METHODS) }, { weight: 1, arbitrary: odd }),
    params: fc.oneof(
      fc.record(
        {
          name: fc.oneof(fc.constantFrom(...TOOLS), odd),
          arguments: fc.oneof(fc.dictionary(fc.constantFrom('url', 'id', 'limit', 'cursor', 'since', 'engine', 'extra'), odd), odd),
        },
        { requiredKeys: [] },
      ),
      odd,
    ),
  },
  { requiredKeys: [] },
);

describe('POST /mcp under hostile messages', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close({ removeData: true }));

  it('answers every message without a 5xx, in JSON, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(message, async (body) => {
        const res = await api.request('POST', '/mcp', { body, headers: HEADERS });
        expect(res.status).toBeLessThan(500);
        if (res.status === 202) expect(res.text).toBe('');
        else expect(res.json).toBeTypeOf('object');
        if (res.status >= 400) expect(Object.keys(res.json)).toEqual(['error']);
      }),
      { numRuns: 150 },
    );
    const list = await api.request('POST', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: HEADERS });
    expect(list.json.result.tools.map((t: { name: string }) => t.name)).toEqual(PUBLISHED_TOOLS);
  });
});
