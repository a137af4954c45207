import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';
import { plural } from '../../judge/wording.js';

/** aiseo-audit's word-count factor is best from 300 words; below that an answer engine has little to quote. */
const ENOUGH_WORDS = 300;
const NEAR_ENOUGH = 0.8;

export default defineRule({
  id: 'rendering.thin-content',
  category: 'Rendering',
  weight: 6,
  severity: 'warning',
  title: 'Thin content in the server HTML',
  description: 'Whether the main content of the server HTML (navigation, footers and comments left out) has at least 300 words.',
  fix: "Add substantive text that answers the page's question, in the HTML itself.",
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    // What the page itself says: a menu, a footer or 1,200 words of readers' comments do not make a short post long.
    const { contentWords, commentWords } = ctx.facts.content;
    if (contentWords >= ENOUGH_WORDS) return pass();
    const besides = commentWords > 0 ? ` (its comment section adds ${plural(commentWords, 'word')}, which are not the page's content)` : '';
    const score = floor2(ramp(contentWords, ENOUGH_WORDS, 0));
    return partial(
      score,
      `The page's main content has ${contentWords} words in the server HTML${besides}; pages under ${ENOUGH_WORDS} words give AI engines little to quote or cite. Add substantive text that answers the page's question, in the HTML itself.`,
      // A few words short of the mark (240 or more) is worth knowing, not a fault to fix.
      score >= NEAR_ENOUGH ? { severity: 'notice' } : {},
    );
  },
});
