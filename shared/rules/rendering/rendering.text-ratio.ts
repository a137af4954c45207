import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';
import { utf8Length } from '../../facts/words.js';

/**
 * squirrelscan flags text under 15 % of the HTML (Vercel's token-weight advice); credit falls gradually below.
 * The ratio is of UTF-8 bytes, as a fetcher receives them: a CJK character (three bytes) says what three or four
 * Latin letters say, so a ratio of characters would call a Chinese or Japanese article heavy with markup where the
 * same article in English is fine.
 */
const GOOD_RATIO = 0.15;
/**
 * Markup only costs a reader when it pushes the text past what a crawler reads: Googlebot reads the first
 * 2 MB of an HTML file (Google Search Central, 2026); no answer engine documents a smaller cut. Below that
 * a low ratio is worth knowing, not fixing (docs/research/standards-2026.md).
 */
const TRUNCATION_BYTES = 2 * 1024 * 1024;

export default defineRule({
  id: 'rendering.text-ratio',
  category: 'Rendering',
  weight: 3,
  severity: 'notice',
  title: 'Little text for the size of the HTML',
  description: 'Whether visible text makes up at least 15 % of the HTML, counted in UTF-8 bytes.',
  fix: 'Move inline scripts, styles and data out of the HTML, or trim the markup.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const { text, htmlBytes } = ctx.facts;
    if (htmlBytes === 0) return notApplicable();
    const textBytes = utf8Length(text);
    const ratio = textBytes / htmlBytes;
    if (ratio >= GOOD_RATIO) return pass();
    const score = floor2(ramp(ratio, GOOD_RATIO, 0));
    const bytes = ctx.snapshot.page.bytes || htmlBytes;
    if (bytes > TRUNCATION_BYTES) {
      return partial(
        score,
        `Visible text is ${(ratio * 100).toFixed(1)} % of ${Math.round(bytes / 1024)} KB of HTML: past 2 MB, where Googlebot stops reading, markup crowds out text. Move inline scripts, styles and data out of the HTML or trim the markup.`,
        { severity: 'warning' },
      );
    }
    return partial(
      score,
      `Visible text is ${(ratio * 100).toFixed(1)} % of the HTML (${textBytes} of ${htmlBytes} bytes); the page stays under the 2 MB crawlers read, so nothing is lost, but lighter HTML is cheaper for every fetcher. Move inline scripts, styles and data out of the HTML or trim the markup.`,
    );
  },
});
