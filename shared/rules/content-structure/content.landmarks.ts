import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';

/** Readability-style extractors look for <main> or <article> to separate the content from the chrome. */
export default defineRule({
  id: 'content.landmarks',
  category: 'Content Structure',
  weight: 3,
  severity: 'warning',
  title: 'No main content landmark',
  description: 'Whether the page marks its main content with <main>, <article> or role="main".',
  fix: 'Wrap the main content in <main> (and an article in <article>).',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const { tagCounts, roleCounts } = ctx.facts;
    const landmarks = (tagCounts.get('main') ?? 0) + (tagCounts.get('article') ?? 0) + (roleCounts.get('main') ?? 0);
    if (landmarks > 0) return pass();
    return fail(
      'The page has no <main>, <article> or role="main", so extractors must guess where the content starts and the menus end. Wrap the main content in <main> (and an article in <article>).',
    );
  },
});
