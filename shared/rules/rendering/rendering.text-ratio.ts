import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';

/** squirrelscan flags text under 15 % of the HTML (Vercel's token-weight advice); credit falls gradually below. */
const GOOD_RATIO = 0.15;

export default defineRule({
  id: 'rendering.text-ratio',
  category: 'Rendering',
  weight: 3,
  severity: 'warning',
  title: 'Little text for the size of the HTML',
  description: 'Whether visible text makes up at least 15 % of the HTML.',
  fix: 'Move inline scripts, styles and data out of the HTML, or trim the markup.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const { text, htmlLength } = ctx.facts;
    if (htmlLength === 0) return notApplicable();
    const ratio = text.length / htmlLength;
    if (ratio >= GOOD_RATIO) return pass();
    const score = floor2(ramp(ratio, GOOD_RATIO, 0));
    return partial(
      score,
      `Visible text is ${(ratio * 100).toFixed(1)} % of the HTML (${text.length} of ${htmlLength} characters); AI fetchers that cut pages by size spend their budget on markup, scripts and styles. Move inline scripts, styles and data out of the HTML or trim the markup.`,
      score >= 0.5 ? { severity: 'notice' } : {},
    );
  },
});
