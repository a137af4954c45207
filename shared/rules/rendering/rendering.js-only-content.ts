import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { floor2 } from '../../judge/ramp.js';

/** Thresholds after squirrelscan's content-without-js: 100+ words only after JS, or raw below 60 % of rendered. */
const MISSING_WORDS = 100;
const MIN_RAW_SHARE = 0.6;

/**
 * With the rendered DOM (the extension's tab, or an audit with `render`): part of the content appears only after JavaScript.
 * A page with nearly nothing in its raw HTML is the critical `rendering.no-content-without-js` instead.
 */
export default defineRule({
  id: 'rendering.js-only-content',
  category: 'Rendering',
  weight: 6,
  severity: 'warning',
  title: 'Content that appears only after JavaScript',
  description:
    'With the rendered page: whether part of the content (100 words or more, or over 40 % of it) appears only after JavaScript runs.',
  fix: 'Render that content on the server.',
  check(ctx) {
    const rendered = ctx.renderedFacts;
    if (!rendered || !judgesBody(ctx)) return notApplicable();
    const raw = ctx.facts.wordCount;
    const after = rendered.wordCount;
    const missing = after - raw;
    const share = after > 0 ? raw / after : 1;
    if (missing < MISSING_WORDS && share >= MIN_RAW_SHARE) return pass();
    const percent = Math.round(share * 100);
    return partial(
      floor2(Math.min(share, 0.9)),
      `The server HTML has ${raw} words but the rendered page has ${after} (${percent} %): ${missing} words appear only after JavaScript, and AI crawlers that do not run it miss them. Render that content on the server.`,
      // Most of the page is there: a banner or widget added by script is worth a notice, not a warning.
      share >= 0.85 ? { severity: 'notice' } : {},
    );
  },
});
