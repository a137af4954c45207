import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesDocument } from '../../judge/applicability.js';
import { listPhrase, plural } from '../../judge/wording.js';
import { readJsonLd, readRenderedJsonLd } from '../../structured-data/json-ld.js';

/**
 * JSON-LD that a script adds: answer engines that read the server HTML without running JavaScript never see
 * it. Judged only with the rendered page (the extension's tab, or an audit or crawl with `render`).
 */
export default defineRule({
  id: 'rendering.json-ld-only-after-js',
  category: 'Rendering',
  weight: 4,
  severity: 'warning',
  title: 'JSON-LD present only after JavaScript',
  description: 'With the rendered page: whether JSON-LD (or some of its types) appears only once JavaScript has run.',
  fix: 'Put the <script type="application/ld+json"> blocks in the server HTML (SSR, static generation or the CMS template).',
  check(ctx) {
    const rendered = readRenderedJsonLd(ctx);
    if (!rendered || rendered.blocks.length === 0 || !judgesDocument(ctx)) return notApplicable();
    const raw = readJsonLd(ctx);
    const lateTypes = typesOnlyIn(rendered.entities, raw.entities);
    if (raw.blocks.length === 0) {
      const what = lateTypes.length ? ` (${listPhrase(lateTypes)})` : '';
      return fail(
        `The rendered page has ${plural(rendered.blocks.length, 'JSON-LD block')}${what} but the server HTML has none: AI crawlers that do not run JavaScript never see this structured data. Put the JSON-LD in the server HTML.`,
      );
    }
    if (lateTypes.length === 0) return pass();
    return partial(
      0.5,
      `The server HTML has JSON-LD, but ${listPhrase(lateTypes)} ${lateTypes.length === 1 ? 'appears' : 'appear'} only after JavaScript runs, so AI crawlers that do not run it miss ${lateTypes.length === 1 ? 'that type' : 'those types'}. Put every JSON-LD block in the server HTML.`,
    );
  },
});

/** Schema types of `after` that no entity of `before` has, in document order. */
function typesOnlyIn(after: ReadonlyArray<{ types: string[] }>, before: ReadonlyArray<{ types: string[] }>): string[] {
  const known = new Set(before.flatMap((e) => e.types));
  return [...new Set(after.flatMap((e) => e.types))].filter((type) => !known.has(type));
}
