import type { Rule } from '../../judge/rule.js';
import jsonLdPresent from './json-ld.present.js';
import jsonLdParses from './json-ld.parses.js';
import schemaKnownTypes from './schema.known-types.js';
import schemaRequiredProperties from './schema.required-properties.js';
import schemaIdentity from './schema.identity.js';
import schemaPropertyValues from './schema.property-values.js';
import openGraphTags from './open-graph.tags.js';
import twitterCard from './twitter.card.js';

export const structuredDataRules: readonly Rule[] = [
  jsonLdPresent,
  jsonLdParses,
  schemaKnownTypes,
  schemaRequiredProperties,
  schemaIdentity,
  schemaPropertyValues,
  openGraphTags,
  twitterCard,
];
