import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { pageDatesOf } from '../../facts/dates.js';
import { judgesDocument } from '../../judge/applicability.js';
import { articleEvidence } from '../../facts/article-page.js';

export default defineRule({
  id: 'trust.dates',
  category: 'Trust',
  weight: 6,
  severity: 'warning',
  title: 'No publish or modified date',
  description: 'Whether an article states machine-readable publish and modified dates (JSON-LD, meta tags or <time datetime>).',
  fix: "Add datePublished and dateModified (ISO 8601) to the article's JSON-LD and show the date on the page.",
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    const dates = pageDatesOf(ctx);
    const valid = dates.filter((d) => d.time !== null);
    const published = valid.some((d) => d.kind !== 'modified');
    const modified = valid.some((d) => d.kind === 'modified');
    const evidence = articleEvidence(ctx);
    if (!evidence) return valid.length ? pass() : notApplicable();
    if (published && modified) return pass();
    if (!dates.length) {
      return fail(
        `The page is an article (${evidence}) but states no date in JSON-LD, meta tags or <time datetime>; answer engines prefer sources they can date. Add datePublished and dateModified (ISO 8601) to the article's JSON-LD and show the date on the page.`,
      );
    }
    if (!valid.length) {
      return partial(
        0.3,
        `The page's dates (such as "${dates[0]!.raw.slice(0, 40)}") are not ISO 8601, so machines cannot read them. Write them as 2026-03-01 or 2026-03-01T09:00:00Z.`,
        { title: 'Dates are not machine-readable' },
      );
    }
    return partial(
      0.8,
      modified
        ? 'The page states when it was modified but not when it was published. Add datePublished (ISO 8601) to the JSON-LD or article:published_time.'
        : 'The page states a publication date but no modification date; answer engines favour content they know is current. Add dateModified (ISO 8601) to the JSON-LD or article:modified_time, and update it when the content changes.',
      { severity: 'notice', title: modified ? 'No publish date' : 'No modified date' },
    );
  },
});
