import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { plural } from '../../judge/wording.js';

export default defineRule({
  id: 'content.single-h1',
  category: 'Content Structure',
  weight: 6,
  severity: 'warning',
  title: 'The page should have exactly one H1',
  description: 'Whether the page has exactly one H1 with text.',
  fix: 'Keep one H1 that names the topic and make the other top headings H2.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const h1s = ctx.facts.headings.filter((h) => h.level === 1);
    const withText = h1s.filter((h) => h.text.trim());
    if (withText.length === 1) return pass();
    if (withText.length === 0) {
      return fail(
        h1s.length
          ? `The page has ${plural(h1s.length, 'H1 element')} but no H1 text (an image or icon without text); AI engines read the H1 as the page's topic. Give the H1 a text that names the topic.`
          : "The page has no H1; AI engines read the H1 as the page's topic. Add one H1 that names what the page is about.",
        { title: 'No H1 heading' },
      );
    }
    const count = withText.length;
    return partial(
      count <= 3 ? 0.7 : 0.4,
      `The page has ${count} H1 headings, so its main topic is ambiguous. Keep one H1 for the topic and make the others H2.`,
      count <= 3 ? { severity: 'notice', title: 'Several H1 headings' } : { title: 'Several H1 headings' },
    );
  },
});
