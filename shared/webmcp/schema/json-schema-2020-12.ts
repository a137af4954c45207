/**
 * The JSON Schema draft 2020-12 meta-schema and its vocabulary meta-schemas, as published at
 * https://json-schema.org/draft/2020-12/schema (json-schema-org/json-schema-spec, BSD-3-Clause). Data, not code:
 * WebMCP tool input schemas are JSON Schema (webmcp index.bs), and this is what a schema is checked against.
 * One change: each `"$dynamicRef": "#meta"` is written as a `$ref` to the dialect's meta-schema, which is what it
 * resolves to when a schema is validated against the standard dialect. @cfworker/json-schema resolves dynamic
 * references statically (to the vocabulary's own anchor), which would leave nested subschemas unchecked.
 */
export const JSON_SCHEMA_2020_12_META = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://json-schema.org/draft/2020-12/schema',
  $vocabulary: {
    'https://json-schema.org/draft/2020-12/vocab/core': true,
    'https://json-schema.org/draft/2020-12/vocab/applicator': true,
    'https://json-schema.org/draft/2020-12/vocab/unevaluated': true,
    'https://json-schema.org/draft/2020-12/vocab/validation': true,
    'https://json-schema.org/draft/2020-12/vocab/meta-data': true,
    'https://json-schema.org/draft/2020-12/vocab/format-annotation': true,
    'https://json-schema.org/draft/2020-12/vocab/content': true,
  },
  $dynamicAnchor: 'meta',
  title: 'Core and Validation specifications meta-schema',
  allOf: [
    {
      $ref: 'meta/core',
    },
    {
      $ref: 'meta/applicator',
    },
    {
      $ref: 'meta/unevaluated',
    },
    {
      $ref: 'meta/validation',
    },
    {
      $ref: 'meta/meta-data',
    },
    {
      $ref: 'meta/format-annotation',
    },
    {
      $ref: 'meta/content',
    },
  ],
  type: ['object', 'boolean'],
  $comment:
    'This meta-schema also defines keywords that have appeared in previous drafts in order to prevent incompatible extensions as they remain in common use.',
  properties: {
    definitions: {
      $comment: '"definitions" has been replaced by "$defs".',
      type: 'object',
      additionalProperties: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      deprecated: true,
      default: {},
    },
    dependencies: {
      $comment:
        '"dependencies" has been split and replaced by "dependentSchemas" and "dependentRequired" in order to serve their differing semantics.',
      type: 'object',
      additionalProperties: {
        anyOf: [
          {
            $ref: 'https://json-schema.org/draft/2020-12/schema',
          },
          {
            $ref: 'meta/validation#/$defs/stringArray',
          },
        ],
      },
      deprecated: true,
      default: {},
    },
    $recursiveAnchor: {
      $comment: '"$recursiveAnchor" has been replaced by "$dynamicAnchor".',
      $ref: 'meta/core#/$defs/anchorString',
      deprecated: true,
    },
    $recursiveRef: {
      $comment: '"$recursiveRef" has been replaced by "$dynamicRef".',
      $ref: 'meta/core#/$defs/uriReferenceString',
      deprecated: true,
    },
  },
} as const;
