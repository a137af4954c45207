import { describe, expect, it } from 'vitest';
import webmcpInputSchema from '../../../../shared/rules/ai-discovery/webmcp.input-schema.js';
import { snapshot } from '../../../helpers/snapshot.js';
import { outcome, testRule } from '../../rule-tester.js';
import { HTML } from './agent-web.js';

const script = (js: string) => snapshot(`<!doctype html><html><head><title>T</title></head><body><script>${js}</script></body></html>`);
const register = (schema: string) =>
  script(`document.modelContext.registerTool({name: "add_to_cart", description: "Add a product", inputSchema: ${schema}, execute() {}});`);

testRule(webmcpInputSchema, {
  passes: [
    { name: 'a sound object schema', snapshot: register('{type: "object", properties: {sku: {type: "string"}}, required: ["sku"]}') },
  ],
  fails: [
    {
      name: 'a misspelt type',
      snapshot: register('{type: "object", properties: {sku: {type: "strnig"}}}'),
      severity: 'notice',
      detail: [/"add_to_cart"/, /inputSchema\/properties\/sku\/type/],
    },
    {
      name: 'required is not an array',
      snapshot: register('{type: "object", properties: {sku: {type: "string"}}, required: "sku"}'),
      detail: /inputSchema\/required \(type\)/,
    },
    { name: 'a root that is not an object', snapshot: register('{type: "string"}'), detail: /root type is "string"/ },
    {
      name: 'required names no property while additional properties are refused',
      snapshot: register('{type: "object", properties: {}, required: ["sku"], additionalProperties: false}'),
      detail: /no input can satisfy it/,
    },
  ],
  notApplicable: [
    { name: 'a schema computed at run time cannot be judged statically', snapshot: register('zodToJsonSchema(cartSchema)') },
    { name: 'no tools', snapshot: script('console.log(1)') },
  ],
});

describe('webmcp.input-schema with the live tool list (extension)', () => {
  const probe = (inputSchema: string) =>
    snapshot(HTML, {
      runtimeWebmcp: {
        apiAvailable: true,
        checkedAt: '2026-11-21T00:00:00Z',
        tools: [{ name: 'book', description: 'Book a table', via: 'native', inputSchema }],
      },
    });
  it('judges the schema the page exposed', () => {
    expect(outcome(webmcpInputSchema, probe('{"type":"object","properties":{"when":{"type":"date"}}}')).detail).toMatch(/"book"/);
    expect(outcome(webmcpInputSchema, probe('{"type":"object","properties":{"when":{"type":"string","format":"date"}}}'))).toEqual({
      score: 1,
    });
  });
});
