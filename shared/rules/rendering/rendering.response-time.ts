import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';

/** Lighthouse wants the server to answer within 600 ms; user-triggered AI fetches give up after a few seconds. */
const GOOD_TTFB_MS = 800;
const BAD_TTFB_MS = 5_000;
const GOOD_TOTAL_MS = 2_000;
const BAD_TOTAL_MS = 10_000;

export default defineRule({
  id: 'rendering.response-time',
  category: 'Rendering',
  weight: 4,
  severity: 'warning',
  title: 'Slow server response',
  description: 'Whether the server answers quickly: the first byte within 800 ms and the whole page within 2 seconds.',
  fix: 'Speed up the response with caching or a CDN.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const { ttfbMs, totalMs } = ctx.snapshot.page.timings;
    if (!Number.isFinite(totalMs)) return notApplicable();
    const ttfbScore = ttfbMs === undefined ? 1 : ramp(ttfbMs, GOOD_TTFB_MS, BAD_TTFB_MS, 0.1);
    const totalScore = ramp(totalMs, GOOD_TOTAL_MS, BAD_TOTAL_MS, 0.1);
    const score = floor2(Math.min(ttfbScore, totalScore));
    if (score >= 1) return pass();
    const first = ttfbMs === undefined ? '' : ` (first byte after ${Math.round(ttfbMs)} ms)`;
    return partial(
      score,
      `Fetching the page took ${Math.round(totalMs)} ms${first}; AI agents fetching on a user's behalf give up on slow pages. Aim for under ${GOOD_TTFB_MS} ms to first byte with caching or a CDN.`,
      score >= 0.7 ? { severity: 'notice' } : {},
    );
  },
});
