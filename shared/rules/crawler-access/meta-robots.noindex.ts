import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { pageAnswered } from '../../judge/applicability.js';
import { citingScopes, pageRobotsDirectives } from '../../facts/robots-directives.js';
import { listNames } from '../../judge/wording.js';
const NOINDEX = new Set(['noindex', 'none']);

/** noindex (or none) drops the page from search indexes, and with them from AI answers. */
export default defineRule({
  id: 'meta-robots.noindex',
  category: 'Crawler Access',
  weight: 30,
  severity: 'critical',
  title: 'The page is marked noindex',
  description: 'Whether a robots meta tag or the X-Robots-Tag header marks the page noindex (or none) for search and AI engines.',
  fix: 'Remove noindex unless the page should stay out of search.',
  check(ctx) {
    if (!pageAnswered(ctx)) return notApplicable();
    const hits = citingScopes(pageRobotsDirectives(ctx)).filter((s) => s.directives.some((d) => NOINDEX.has(d)));
    if (!hits.length) return pass();
    const where = listNames(hits.map((h) => h.source));
    const forAll = hits.some((h) => h.scope === '*');
    const whom = forAll ? 'search and AI engines' : listNames(hits.map((h) => h.scope));
    const detail = `noindex in ${where} tells ${whom} to drop this page, so it cannot be cited. Remove it unless the page should stay out of search.`;
    // Addressed to some bots only: the others may still index it.
    return forAll ? fail(detail) : partial(0.5, detail);
  },
});
