import type { JsonLdDocument, JsonLdEntity, JsonLdNode } from './json-ld-types.js';
import { hasProp, propValues, resolveNode } from './json-ld-values.js';
import { hasFamily } from './schema-families.js';

/**
 * Properties each common type needs before search and answer engines can use it
 * (Google's structured-data requirements, which answer engines built on those indexes inherit).
 */
export interface Requirement {
  /** What to add, as shown to the user. */
  label: string;
  /** 1 for a required property, less for a recommended one. */
  weight: number;
  met(node: JsonLdNode, doc: JsonLdDocument): boolean;
}

export interface TypeRequirements {
  /** The type named in messages. */
  name: string;
  applies(types: readonly string[]): boolean;
  requirements: Requirement[];
}

const prop = (name: string, weight = 1): Requirement => ({ label: name, weight, met: (node) => hasProp(node, name) });
const anyOf = (names: string[], weight: number): Requirement => ({
  label: names.join(', ').replace(/, ([^,]*)$/, ' or $1'),
  weight,
  met: (node) => names.some((n) => hasProp(node, n)),
});
const is =
  (...names: string[]) =>
  (types: readonly string[]) =>
    types.some((t) => names.includes(t));

/** Resolved nodes of a property (references followed); plain strings are dropped. */
function nodesOf(node: JsonLdNode, name: string, doc: JsonLdDocument): JsonLdNode[] {
  return propValues(node, name)
    .map((v) => resolveNode(doc, v))
    .filter((n): n is JsonLdNode => n !== null);
}

const answeredQuestions: Requirement = {
  label: 'a Question with an acceptedAnswer for every mainEntity item',
  weight: 1,
  met: (node, doc) => {
    const questions = nodesOf(node, 'mainEntity', doc);
    return (
      questions.length > 0 &&
      questions.every((q) => hasProp(q, 'name') && nodesOf(q, 'acceptedAnswer', doc).some((a) => hasProp(a, 'text')))
    );
  },
};

const breadcrumbPositions: Requirement = {
  label: 'position on every ListItem',
  weight: 0.5,
  met: (node, doc) => {
    const items = nodesOf(node, 'itemListElement', doc);
    return items.length > 0 && items.every((i) => hasProp(i, 'position'));
  },
};

export const TYPE_REQUIREMENTS: readonly TypeRequirements[] = [
  {
    name: 'Article',
    applies: (types) => hasFamily(types, 'Article'),
    requirements: [prop('headline'), prop('author'), prop('datePublished')],
  },
  { name: 'FAQPage', applies: is('FAQPage'), requirements: [prop('mainEntity'), answeredQuestions] },
  { name: 'HowTo', applies: is('HowTo'), requirements: [prop('name'), prop('step')] },
  {
    name: 'Organization',
    applies: (types) => hasFamily(types, 'Organization') && !hasFamily(types, 'LocalBusiness'),
    requirements: [prop('name'), prop('url')],
  },
  { name: 'LocalBusiness', applies: (types) => hasFamily(types, 'LocalBusiness'), requirements: [prop('name'), prop('address')] },
  {
    name: 'Product',
    applies: is('Product', 'ProductGroup', 'ProductModel', 'IndividualProduct'),
    requirements: [prop('name'), anyOf(['offers', 'review', 'aggregateRating'], 0.5)],
  },
  { name: 'BreadcrumbList', applies: is('BreadcrumbList'), requirements: [prop('itemListElement'), breadcrumbPositions] },
  { name: 'WebSite', applies: (types) => hasFamily(types, 'WebSite'), requirements: [prop('name'), prop('url')] },
  {
    name: 'Event',
    applies: is(
      'Event',
      'MusicEvent',
      'SportsEvent',
      'TheaterEvent',
      'Festival',
      'EducationEvent',
      'BusinessEvent',
      'SocialEvent',
      'ComedyEvent',
      'ExhibitionEvent',
      'FoodEvent',
      'ScreeningEvent',
    ),
    requirements: [prop('name'), prop('startDate'), prop('location')],
  },
  { name: 'Recipe', applies: is('Recipe'), requirements: [prop('name'), prop('image')] },
  { name: 'VideoObject', applies: is('VideoObject'), requirements: [prop('name'), prop('thumbnailUrl'), prop('uploadDate')] },
];

export interface EntityCompleteness {
  entity: JsonLdEntity;
  /** The types whose requirements applied, e.g. `Article`. */
  checkedAs: string[];
  /** Labels of unmet requirements. */
  missing: string[];
  /** Met weight / total weight, 0–1. */
  score: number;
}

/** How complete a top-level entity is against its types' requirements; null when none apply. */
export function entityCompleteness(entity: JsonLdEntity, doc: JsonLdDocument): EntityCompleteness | null {
  const specs = TYPE_REQUIREMENTS.filter((s) => s.applies(entity.types));
  if (!specs.length) return null;
  const seen = new Set<string>();
  let total = 0;
  let met = 0;
  const missing: string[] = [];
  for (const spec of specs) {
    for (const req of spec.requirements) {
      if (seen.has(req.label)) continue;
      seen.add(req.label);
      total += req.weight;
      if (req.met(entity.node, doc)) met += req.weight;
      else missing.push(req.label);
    }
  }
  return { entity, checkedAs: specs.map((s) => s.name), missing, score: total > 0 ? met / total : 1 };
}
