import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';

const KB = 1024;
const MB = 1024 * KB;
/** Above this the HTML is heavier than most AI fetchers care to read in full. */
const LIGHT_BYTES = 512 * KB;
const HEAVY_BYTES = 5 * MB;

export default defineRule({
  id: 'rendering.page-weight',
  category: 'Rendering',
  weight: 3,
  severity: 'warning',
  title: 'Heavy HTML',
  description: 'Whether the HTML stays under 512 KB and was not cut at the size cap.',
  fix: 'Move inline data, scripts and styles out of the HTML to bring it under 512 KB.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const page = ctx.snapshot.page;
    const bytes = page.bytes || page.body.length;
    if (page.truncated) {
      return fail(
        `The HTML was cut at ${size(bytes)}: crawlers stop reading at a cap too, so whatever follows is never seen. Reduce the HTML (inline data, scripts, styles, repeated markup) well below 1 MB.`,
        { title: 'HTML too large: cut at the size cap' },
      );
    }
    if (bytes <= LIGHT_BYTES) return pass();
    const score = floor2(ramp(bytes, LIGHT_BYTES, HEAVY_BYTES, 0.2));
    return partial(
      score,
      `The HTML weighs ${size(bytes)}; AI fetchers often read only the first few hundred kilobytes. Move inline data, scripts and styles out of the HTML to bring it under ${size(LIGHT_BYTES)}.`,
      score >= 0.7 ? { severity: 'notice' } : {},
    );
  },
});

function size(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.round(bytes / KB)} KB`;
}
