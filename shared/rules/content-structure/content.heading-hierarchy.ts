import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { floor2 } from '../../judge/ramp.js';
import { judgesBody } from '../../judge/applicability.js';
import { quote } from '../../judge/wording.js';

/**
 * Headings should descend one level at a time (H2 → H3, not H2 → H4): extractors build the outline from them.
 * A skip counts only within the page's own content: a comment form's H3 under the article's H1 is the theme's,
 * not the outline's.
 */
export default defineRule({
  id: 'content.heading-hierarchy',
  category: 'Content Structure',
  weight: 3,
  severity: 'notice',
  title: 'Heading levels are skipped',
  description: "Whether the content's headings step down one level at a time (H2 to H3, not H2 to H4).",
  fix: 'Step down one heading level at a time.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const headings = ctx.facts.headings.filter((h) => h.text.trim());
    if (headings.length < 2) return notApplicable();
    let skips = 0;
    let example = '';
    for (let i = 1; i < headings.length; i++) {
      const prev = headings[i - 1]!;
      const next = headings[i]!;
      if (next.level > prev.level + 1 && prev.region === 'content' && next.region === 'content') {
        skips++;
        if (!example) example = `H${prev.level} ${quote(prev.text, 40)} is followed by H${next.level} ${quote(next.text, 40)}`;
      }
    }
    if (skips === 0) return pass();
    const transitions = headings.length - 1;
    const score = floor2(Math.max(0.3, 1 - (2 * skips) / transitions));
    return partial(
      score,
      `${skips} of ${transitions} heading steps skip a level (${example}); AI engines use the outline to tell sections apart. Step down one level at a time.`,
      score < 0.7 ? { severity: 'warning' } : {},
    );
  },
});
