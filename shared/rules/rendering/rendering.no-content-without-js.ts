import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { judgesDocument } from '../../judge/applicability.js';
import { shellVerdict } from '../../facts/readable-content.js';
import { listPhrase, plural } from '../../judge/wording.js';

/** The critical Rendering verdict: the server HTML is an empty shell that JavaScript fills in. */
export default defineRule({
  id: 'rendering.no-content-without-js',
  category: 'Rendering',
  weight: 10,
  severity: 'critical',
  title: 'No content without JavaScript',
  description: 'Whether the server HTML holds readable text, or is an empty shell that only JavaScript fills in.',
  fix: 'Render the main content on the server (SSR or static generation).',
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    const { shell, evidence, markers } = shellVerdict(ctx);
    if (!shell) return pass();
    const words = plural(evidence.rawWords, 'word');
    // Nothing before or after JavaScript: the page is empty, which is not a rendering problem to fix with SSR.
    if (evidence.renderedWords === 0) {
      return fail(
        'The page has no text, neither in the server HTML nor after JavaScript runs: there is nothing for AI engines to read or quote. Publish the content on this URL, or check that it is the page you meant to audit.',
        {
          title: 'The page has no text',
        },
      );
    }
    if (evidence.renderedWords !== null) {
      return fail(
        `The server HTML has ${words} but the page shows ${plural(evidence.renderedWords, 'word')} after JavaScript runs, so AI crawlers, which do not run JavaScript, see next to nothing. Render the main content on the server (SSR or static generation).`,
      );
    }
    return fail(
      `The server HTML has ${words} and ${listPhrase(markers, Infinity)}: AI crawlers, which do not run JavaScript, see an empty page. Render the main content on the server (SSR or static generation).`,
    );
  },
});
