import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';

/** squirrelscan flags text under 15 % of the HTML (Vercel's token-weight advice); credit falls gradually below. */
const GOOD_RATIO = 0.15;
/**
 * Markup only costs a reader when it pushes the text past what a crawler reads: Googlebot reads the first
 * 2 MB of an HTML file (Google Search Central, 2026); no answer engine documents a smaller cut. Below that
 * a low ratio is worth knowing, not fixing (docs/research/standards.md).
 */
const TRUNCATION_BYTES = 2 * 1024 * 1024;

export default defineRule({
  id: 'rendering.text-ratio',
  category: 'Rendering',
  weight: 3,
  severity: 'notice',
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
    const bytes = ctx.snapshot.page.bytes || htmlLength;
    if (bytes > TRUNCATION_BYTES) {
      return partial(
        score,
        `Visible text is ${(ratio * 100).toFixed(1)} % of ${Math.round(bytes / 1024)} KB of HTML: past 2 MB, where Googlebot stops reading, markup crowds out text. Move inline scripts, styles and data out of the HTML or trim the markup.`,
        { severity: 'warning' },
      );
    }
    return partial(
      score,
      `Visible text is ${(ratio * 100).toFixed(1)} % of the HTML (${text.length} of ${htmlLength} characters); the page stays under the 2 MB crawlers read, so nothing is lost, but lighter HTML is cheaper for every fetcher. Move inline scripts, styles and data out of the HTML or trim the markup.`,
    );
  },
});
