import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { readJsonLd } from '../../structured-data/json-ld.js';
import { entityCompleteness, type EntityCompleteness } from '../../structured-data/schema-requirements.js';
import { capitalise, listPhrase } from '../../judge/wording.js';

/** Each main entity (top level or in @graph) against its type's required properties. */
export default defineRule({
  id: 'schema.required-properties',
  category: 'Structured Data',
  weight: 7,
  severity: 'warning',
  title: 'Structured data is missing required properties',
  description: 'Whether each top-level JSON-LD entity has the properties its type requires.',
  fix: 'Add the missing properties the issue names.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const doc = readJsonLd(ctx);
    const checked = doc.entities
      .filter((e) => e.depth === 0)
      .map((e) => entityCompleteness(e, doc))
      .filter((c): c is EntityCompleteness => c !== null);
    if (!checked.length) return notApplicable();
    const incomplete = checked.filter((c) => c.missing.length);
    if (!incomplete.length) return pass();
    const score = checked.reduce((sum, c) => sum + c.score, 0) / checked.length;
    const gaps = incomplete.map((c) => `${c.entity.types[0] ?? c.checkedAs[0]} lacks ${listPhrase(c.missing, 4)}`);
    return partial(
      score,
      `${capitalise(listPhrase(gaps, 2))}. Add ${incomplete.length === 1 && incomplete[0]!.missing.length === 1 ? 'it' : 'them'}: without the required properties the markup is not eligible for rich results and answer engines lose facts such as the byline and date.`,
    );
  },
});
