import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { markdownAvailability } from '../../facts/markdown-availability.js';

/** `<link rel="alternate" type="text/markdown">` tells agents that do not negotiate where the Markdown is. */
export default defineRule({
  id: 'markdown.alternate-link',
  category: 'AI Discovery',
  weight: 2,
  severity: 'notice',
  title: 'No Markdown alternate link',
  description: 'Whether the page advertises its Markdown version with <link rel="alternate" type="text/markdown">.',
  fix: 'Add <link rel="alternate" type="text/markdown" href="..."> pointing at the Markdown version.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const a = markdownAvailability(ctx);
    if (a.alternate) return pass();
    if (a.negotiated || a.mirror) {
      const how = a.negotiated ? 'serves Markdown on request' : `has a Markdown version at ${a.mirror}`;
      return partial(
        0.5,
        `The page ${how} but does not advertise it. Add <link rel="alternate" type="text/markdown" href="..."> so agents that do not send Accept: text/markdown or guess URLs find it too.`,
      );
    }
    return fail(
      'The page does not link a Markdown version. If you publish one (e.g. the page URL with .md appended), add <link rel="alternate" type="text/markdown" href="..."> so agents can fetch clean text.',
    );
  },
});
