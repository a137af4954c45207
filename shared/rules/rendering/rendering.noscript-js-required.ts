import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { shellVerdict } from '../../facts/readable-content.js';

/**
 * A `<noscript>` "please enable JavaScript" message on a page that does have server text. Some text
 * extractors keep noscript content, so the message can end up in what an AI engine quotes.
 */
export default defineRule({
  id: 'rendering.noscript-js-required',
  category: 'Rendering',
  weight: 2,
  severity: 'warning',
  title: 'The page tells readers without JavaScript to enable it',
  description: 'Whether a <noscript> element asks readers to enable JavaScript.',
  fix: 'Remove the message, or make it describe what works without JavaScript.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    if (!shellVerdict(ctx).evidence.noscriptAsksForJs) return pass();
    const words = ctx.facts.wordCount;
    if (words >= 300) {
      return partial(
        0.8,
        `A <noscript> element asks readers to enable JavaScript although the server HTML has ${words} words; extractors that keep noscript text may quote it. Remove the message or make it describe what works without JavaScript.`,
        { severity: 'notice' },
      );
    }
    return partial(
      0.4,
      `A <noscript> element asks readers to enable JavaScript and the server HTML has only ${words} words: crawlers without JavaScript probably miss part of the page. Render the content on the server.`,
    );
  },
});
