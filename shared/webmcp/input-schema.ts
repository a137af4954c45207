import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { JSON_SCHEMA_2020_12_META } from './schema/json-schema-2020-12.js';
import { JSON_SCHEMA_2020_12_VOCABULARIES } from './schema/json-schema-2020-12-vocabularies.js';

/** Problems reported per tool: the first ones say what to fix. */
const MAX_PROBLEMS = 3;
/** Keywords that only say "a subschema failed": the leaf under them names the mistake. */
const WRAPPERS = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
  '$dynamicRef',
  'properties',
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'dependentSchemas',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  '$defs',
]);

let metaValidator: Validator | null = null;

/** The draft 2020-12 meta-schema validator, built once (no eval: it runs in the extension's service worker too). */
function validator(): Validator {
  if (!metaValidator) {
    metaValidator = new Validator(JSON_SCHEMA_2020_12_META as unknown as Schema, '2020-12', false);
    for (const vocabulary of JSON_SCHEMA_2020_12_VOCABULARIES) metaValidator.addSchema(vocabulary as unknown as Schema);
  }
  return metaValidator;
}

/**
 * What is wrong with a WebMCP tool's `inputSchema` (webmcp index.bs: "A JSON Schema object describing the expected input
 * parameters"): not valid against the JSON Schema 2020-12 meta-schema, a root that is not an object (agents pass
 * arguments as an object of named values, as MCP's tools do), or `required` names `properties` does not define.
 * Empty when it is a sound schema.
 */
export function inputSchemaProblems(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return [
      `inputSchema is ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : `a ${typeof schema}`}, not a JSON Schema object`,
    ];
  }
  const result = validator().validate(schema);
  if (!result.valid) return leafErrors(result.errors).slice(0, MAX_PROBLEMS);
  const problems: string[] = [];
  const root = schema as Record<string, unknown>;
  const type = root.type;
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object'))) {
    problems.push(
      `inputSchema's root type is ${JSON.stringify(type).slice(0, 40)}: agents pass a tool's arguments as an object, so the root should be "type": "object"`,
    );
  }
  const properties = root.properties as Record<string, unknown> | undefined;
  const required = Array.isArray(root.required) ? (root.required as string[]) : [];
  const undefinedNames = required.filter((name) => !properties || !Object.prototype.hasOwnProperty.call(properties, name));
  if (undefinedNames.length && root.additionalProperties === false) {
    problems.push(
      `inputSchema requires ${undefinedNames
        .slice(0, 3)
        .map((n) => `"${n.slice(0, 40)}"`)
        .join(', ')}, which its properties do not define while additionalProperties is false: no input can satisfy it`,
    );
  }
  return problems.slice(0, MAX_PROBLEMS);
}

/** One message per failing location: the most specific error (an enum over the type check that follows it). */
function leafErrors(errors: OutputUnit[]): string[] {
  const byLocation = new Map<string, OutputUnit>();
  for (const e of errors) {
    if (WRAPPERS.has(e.keyword)) continue;
    const seen = byLocation.get(e.instanceLocation);
    if (!seen || (seen.keyword === 'type' && e.keyword !== 'type')) byLocation.set(e.instanceLocation, e);
  }
  const leaves = [...byLocation.values()];
  if (!leaves.length) return ['inputSchema is not a valid JSON Schema'];
  return leaves.map((e) => `inputSchema${e.instanceLocation.replace(/^#/, '') || ''} (${e.keyword}): ${e.error.slice(0, 160)}`);
}
