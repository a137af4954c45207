import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';

/** aiseo-audit's word-count factor is best from 300 words; below that an answer engine has little to quote. */
const ENOUGH_WORDS = 300;

export default defineRule({
  id: 'rendering.thin-content',
  category: 'Rendering',
  weight: 6,
  severity: 'warning',
  title: 'Thin content in the server HTML',
  description: 'Whether the server HTML has at least 300 words of visible text.',
  fix: "Add substantive text that answers the page's question, in the HTML itself.",
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const words = ctx.facts.wordCount;
    if (words >= ENOUGH_WORDS) return pass();
    return partial(
      floor2(ramp(words, ENOUGH_WORDS, 0)),
      `The server HTML has ${words} words of visible text; pages under ${ENOUGH_WORDS} words give AI engines little to quote or cite. Add substantive text that answers the page's question, in the HTML itself.`,
    );
  },
});
