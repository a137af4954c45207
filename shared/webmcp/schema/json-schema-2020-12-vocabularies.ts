/**
 * The vocabulary meta-schemas of JSON Schema draft 2020-12 (core, applicator, unevaluated, validation, meta-data,
 * format-annotation, content), as published at https://json-schema.org/draft/2020-12/meta/ (json-schema-org/json-schema-spec,
 * BSD-3-Clause), with the one change explained in json-schema-2020-12.ts. Data, not code.
 */
export const JSON_SCHEMA_2020_12_VOCABULARIES = [
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://json-schema.org/draft/2020-12/meta/core',
    $vocabulary: {
      'https://json-schema.org/draft/2020-12/vocab/core': true,
    },
    $dynamicAnchor: 'meta',
    title: 'Core vocabulary meta-schema',
    type: ['object', 'boolean'],
    properties: {
      $id: {
        $ref: '#/$defs/uriReferenceString',
        $comment: 'Non-empty fragments not allowed.',
        pattern: '^[^#]*#?$',
      },
      $schema: {
        $ref: '#/$defs/uriString',
      },
      $ref: {
        $ref: '#/$defs/uriReferenceString',
      },
      $anchor: {
        $ref: '#/$defs/anchorString',
      },
      $dynamicRef: {
        $ref: '#/$defs/uriReferenceString',
      },
      $dynamicAnchor: {
        $ref: '#/$defs/anchorString',
      },
      $vocabulary: {
        type: 'object',
        propertyNames: {
          $ref: '#/$defs/uriString',
        },
        additionalProperties: {
          type: 'boolean',
        },
      },
      $comment: {
        type: 'string',
      },
      $defs: {
        type: 'object',
        additionalProperties: {
          $ref: 'https://json-schema.org/draft/2020-12/schema',
        },
      },
    },
    $defs: {
      anchorString: {
        type: 'string',
        pattern: '^[A-Za-z_][-A-Za-z0-9._]*$',
      },
      uriString: {
        type: 'string',
        format: 'uri',
      },
      uriReferenceString: {
        type: 'string',
        format: 'uri-reference',
      },
    },
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://json-schema.org/draft/2020-12/meta/applicator',
    $vocabulary: {
      'https://json-schema.org/draft/2020-12/vocab/applicator': true,
    },
    $dynamicAnchor: 'meta',
    title: 'Applicator vocabulary meta-schema',
    type: ['object', 'boolean'],
    properties: {
      prefixItems: {
        $ref: '#/$defs/schemaArray',
      },
      items: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      contains: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      additionalProperties: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      properties: {
        type: 'object',
        additionalProperties: {
          $ref: 'https://json-schema.org/draft/2020-12/schema',
        },
        default: {},
      },
      patternProperties: {
        type: 'object',
        additionalProperties: {
          $ref: 'https://json-schema.org/draft/2020-12/schema',
        },
        propertyNames: {
          format: 'regex',
        },
        default: {},
      },
      dependentSchemas: {
        type: 'object',
        additionalProperties: {
          $ref: 'https://json-schema.org/draft/2020-12/schema',
        },
        default: {},
      },
      propertyNames: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      if: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      then: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      else: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      allOf: {
        $ref: '#/$defs/schemaArray',
      },
      anyOf: {
        $ref: '#/$defs/schemaArray',
      },
      oneOf: {
        $ref: '#/$defs/schemaArray',
      },
      not: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
    },
    $defs: {
      schemaArray: {
        type: 'array',
        minItems: 1,
        items: {
          $ref: 'https://json-schema.org/draft/2020-12/schema',
        },
      },
    },
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://json-schema.org/draft/2020-12/meta/unevaluated',
    $vocabulary: {
      'https://json-schema.org/draft/2020-12/vocab/unevaluated': true,
    },
    $dynamicAnchor: 'meta',
    title: 'Unevaluated applicator vocabulary meta-schema',
    type: ['object', 'boolean'],
    properties: {
      unevaluatedItems: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
      unevaluatedProperties: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
    },
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://json-schema.org/draft/2020-12/meta/validation',
    $vocabulary: {
      'https://json-schema.org/draft/2020-12/vocab/validation': true,
    },
    $dynamicAnchor: 'meta',
    title: 'Validation vocabulary meta-schema',
    type: ['object', 'boolean'],
    properties: {
      type: {
        anyOf: [
          {
            $ref: '#/$defs/simpleTypes',
          },
          {
            type: 'array',
            items: {
              $ref: '#/$defs/simpleTypes',
            },
            minItems: 1,
            uniqueItems: true,
          },
        ],
      },
      const: true,
      enum: {
        type: 'array',
        items: true,
      },
      multipleOf: {
        type: 'number',
        exclusiveMinimum: 0,
      },
      maximum: {
        type: 'number',
      },
      exclusiveMaximum: {
        type: 'number',
      },
      minimum: {
        type: 'number',
      },
      exclusiveMinimum: {
        type: 'number',
      },
      maxLength: {
        $ref: '#/$defs/nonNegativeInteger',
      },
      minLength: {
        $ref: '#/$defs/nonNegativeIntegerDefault0',
      },
      pattern: {
        type: 'string',
        format: 'regex',
      },
      maxItems: {
        $ref: '#/$defs/nonNegativeInteger',
      },
      minItems: {
        $ref: '#/$defs/nonNegativeIntegerDefault0',
      },
      uniqueItems: {
        type: 'boolean',
        default: false,
      },
      maxContains: {
        $ref: '#/$defs/nonNegativeInteger',
      },
      minContains: {
        $ref: '#/$defs/nonNegativeInteger',
        default: 1,
      },
      maxProperties: {
        $ref: '#/$defs/nonNegativeInteger',
      },
      minProperties: {
        $ref: '#/$defs/nonNegativeIntegerDefault0',
      },
      required: {
        $ref: '#/$defs/stringArray',
      },
      dependentRequired: {
        type: 'object',
        additionalProperties: {
          $ref: '#/$defs/stringArray',
        },
      },
    },
    $defs: {
      nonNegativeInteger: {
        type: 'integer',
        minimum: 0,
      },
      nonNegativeIntegerDefault0: {
        $ref: '#/$defs/nonNegativeInteger',
        default: 0,
      },
      simpleTypes: {
        enum: ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'],
      },
      stringArray: {
        type: 'array',
        items: {
          type: 'string',
        },
        uniqueItems: true,
        default: [],
      },
    },
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://json-schema.org/draft/2020-12/meta/meta-data',
    $vocabulary: {
      'https://json-schema.org/draft/2020-12/vocab/meta-data': true,
    },
    $dynamicAnchor: 'meta',
    title: 'Meta-data vocabulary meta-schema',
    type: ['object', 'boolean'],
    properties: {
      title: {
        type: 'string',
      },
      description: {
        type: 'string',
      },
      default: true,
      deprecated: {
        type: 'boolean',
        default: false,
      },
      readOnly: {
        type: 'boolean',
        default: false,
      },
      writeOnly: {
        type: 'boolean',
        default: false,
      },
      examples: {
        type: 'array',
        items: true,
      },
    },
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://json-schema.org/draft/2020-12/meta/format-annotation',
    $vocabulary: {
      'https://json-schema.org/draft/2020-12/vocab/format-annotation': true,
    },
    $dynamicAnchor: 'meta',
    title: 'Format vocabulary meta-schema for annotation results',
    type: ['object', 'boolean'],
    properties: {
      format: {
        type: 'string',
      },
    },
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://json-schema.org/draft/2020-12/meta/content',
    $vocabulary: {
      'https://json-schema.org/draft/2020-12/vocab/content': true,
    },
    $dynamicAnchor: 'meta',
    title: 'Content vocabulary meta-schema',
    type: ['object', 'boolean'],
    properties: {
      contentEncoding: {
        type: 'string',
      },
      contentMediaType: {
        type: 'string',
      },
      contentSchema: {
        $ref: 'https://json-schema.org/draft/2020-12/schema',
      },
    },
  },
] as const;
