import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { isJsonLdType, readJsonLd } from '../../structured-data/json-ld.js';
import { inlineMarkup } from '../../structured-data/inline-markup.js';
import { listPhrase } from '../../judge/wording.js';

/** JSON-LD is the format search and answer engines parse most reliably; inline markup earns part credit. */
export default defineRule({
  id: 'json-ld.present',
  category: 'Structured Data',
  weight: 8,
  severity: 'warning',
  title: 'No JSON-LD structured data',
  description: 'Whether the server HTML has a JSON-LD block (schema.org microdata or RDFa alone earns half).',
  fix: 'Add a schema.org <script type="application/ld+json"> block for the page type, rendered on the server.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    if (readJsonLd(ctx).blocks.length) return pass();
    const rendered = ctx.renderedFacts;
    if (rendered?.scripts.some((s) => isJsonLdType(s.type))) {
      return fail(
        'The page adds its JSON-LD with JavaScript, and AI crawlers read the server HTML without running scripts, so they never see it. Render the <script type="application/ld+json"> block on the server.',
        { title: 'JSON-LD only added by JavaScript' },
      );
    }
    const inline = inlineMarkup(ctx);
    const types = [...new Set([...inline.microdataTypes, ...inline.rdfaTypes])];
    if (types.length || inline.itempropCount) {
      const format = inline.rdfaTypes.length && !inline.microdataTypes.length ? 'RDFa' : 'microdata';
      const what = types.length ? ` (${listPhrase(types)})` : '';
      return partial(
        0.5,
        `The page has schema.org ${format}${what} but no JSON-LD. Add the same facts as a <script type="application/ld+json"> block, the form Google recommends and AI crawlers read most reliably.`,
        { title: 'Structured data only as inline markup' },
      );
    }
    return fail(
      'The page has no JSON-LD, so answer engines must guess what it is, who published it and when. Add a schema.org <script type="application/ld+json"> block for the page type (Article, Product, Organization ...).',
    );
  },
});
