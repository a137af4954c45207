import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { readJsonLd } from '../../structured-data/json-ld.js';
import { isKnownSchemaType, looksLikeTypeName, suggestSchemaType } from '../../structured-data/schema-types.js';
import { listPhrase } from '../../judge/wording.js';

/**
 * Engines only understand a node whose `@type` is a schema.org type under a schema.org `@context`.
 * A type Citable does not know is only faulted when it looks like a typo of one it does.
 */
export default defineRule({
  id: 'schema.known-types',
  category: 'Structured Data',
  weight: 4,
  severity: 'warning',
  title: 'JSON-LD types are not recognised schema.org types',
  description: 'Whether JSON-LD nodes use recognised schema.org types under a schema.org @context.',
  fix: 'Use exact schema.org type names (case matters) and "@context": "https://schema.org".',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const doc = readJsonLd(ctx);
    const parsed = doc.blocks.filter((b) => b.ok);
    if (!parsed.length) return notApplicable();

    const findings: string[] = [];
    let units = 0;
    let bad = 0;
    let known = 0;
    for (const entity of doc.entities) {
      units++;
      if (!entity.rawTypes.length) {
        bad++;
        findings.push(`an @type that is not a string at ${entity.path || 'the top level'}`);
        continue;
      }
      let entityBad = false;
      for (const type of entity.types) {
        if (isKnownSchemaType(type)) {
          if (entity.schemaOrg) known++;
          continue;
        }
        const suggestion = suggestSchemaType(type);
        if (suggestion) findings.push(`"${type}" (did you mean ${suggestion}?)`);
        else if (!looksLikeTypeName(type)) findings.push(`"${type}"`);
        else continue;
        entityBad = true;
      }
      if (entityBad) bad++;
    }
    const untyped = parsed.reduce((n, b) => n + b.untypedNodes, 0);
    units += untyped;
    bad += untyped;
    if (untyped) findings.push(`${untyped === 1 ? 'a node' : `${untyped} nodes`} without @type`);

    const typedBlocks = parsed.filter((b) => doc.entities.some((e) => e.block === b.index));
    const noContext = typedBlocks.filter((b) => !b.schemaOrg);
    if (noContext.length) findings.push(`no schema.org @context in block ${listPhrase(noContext.map((b) => String(b.index + 1)))}`);

    if (!findings.length) return pass();
    const advice = 'Use exact schema.org type names (case matters) and "@context": "https://schema.org".';
    if (known === 0) {
      return fail(
        `None of the page's JSON-LD uses a recognised schema.org type (${listPhrase(findings)}), so engines cannot tell what it describes. ${advice}`,
      );
    }
    const share = units > 0 ? 1 - bad / units : 1;
    const contextShare = typedBlocks.length ? (typedBlocks.length - noContext.length) / typedBlocks.length : 1;
    return partial(share * contextShare, `Some JSON-LD will be ignored: ${listPhrase(findings)}. ${advice}`);
  },
});
