import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { readJsonLd } from '../../structured-data/json-ld.js';
import { listPhrase, plural } from '../../judge/wording.js';

/** A JSON-LD block with one syntax error is thrown away whole by every consumer. */
export default defineRule({
  id: 'json-ld.parses',
  category: 'Structured Data',
  weight: 6,
  severity: 'warning',
  title: 'JSON-LD does not parse',
  description: 'Whether every JSON-LD block is valid JSON.',
  fix: 'Fix the JSON syntax; a schema validator points at the exact spot.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const { blocks } = readJsonLd(ctx);
    if (!blocks.length) return notApplicable();
    const broken = blocks.filter((b) => !b.ok);
    if (!broken.length) return pass();
    const where = broken.map((b) => `block ${b.index + 1}: ${b.error}`);
    const count =
      blocks.length === 1
        ? 'The JSON-LD block'
        : broken.length === blocks.length
          ? `All ${plural(blocks.length, 'JSON-LD block')}`
          : `${broken.length} of ${blocks.length} JSON-LD blocks`;
    return partial(
      (blocks.length - broken.length) / blocks.length,
      `${count} cannot be parsed (${listPhrase(where, 2)}), so engines ignore ${broken.length === 1 ? 'it' : 'them'} entirely. Fix the JSON syntax; a schema validator points at the exact spot.`,
    );
  },
});
