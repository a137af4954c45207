import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { judgesDocument } from '../../judge/applicability.js';
import { articleEvidence } from '../../facts/article-page.js';
import { authorSignals } from '../../facts/author-signals.js';

export default defineRule({
  id: 'trust.author',
  category: 'Trust',
  weight: 8,
  severity: 'warning',
  title: 'No author named',
  description: 'Whether an article names its author (JSON-LD, meta tags, rel="author", microdata or a byline).',
  fix: 'Add a byline and "author": {"@type": "Person", "name": ...} to the article\'s JSON-LD.',
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    if (authorSignals(ctx).length) return pass();
    const evidence = articleEvidence(ctx);
    // A homepage or product page has no author to name: not applicable rather than a fault.
    if (!evidence) return notApplicable();
    return fail(
      `The page is an article (${evidence}) but names no author in JSON-LD, meta tags, rel="author", microdata or a byline; answer engines weigh who wrote a text. Add a byline and "author": {"@type": "Person", "name": ...} to the article's JSON-LD.`,
    );
  },
});
