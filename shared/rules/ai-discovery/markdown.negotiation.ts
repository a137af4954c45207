import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { markdownAvailability } from '../../facts/markdown-availability.js';

/**
 * Markdown for agents: `Accept: text/markdown` answered with Markdown, and `Vary: Accept` so caches
 * never hand one form to the other audience. New and still rare, so its absence is only a notice.
 */
export default defineRule({
  id: 'markdown.negotiation',
  category: 'AI Discovery',
  weight: 3,
  severity: 'notice',
  title: 'No Markdown for agents',
  description: 'Whether the page answers Accept: text/markdown with Markdown and sends Vary: Accept (a .md mirror alone earns half).',
  fix: 'Serve a Markdown version on Accept: text/markdown, with Vary: Accept on both responses.',
  check(ctx) {
    const md = ctx.snapshot.markdown;
    if (!ctx.pageOk || !md || md.error || md.status === 0) return notApplicable();
    const a = markdownAvailability(ctx);
    if (a.negotiated) {
      if (a.markdownVaries && a.htmlVaries) return pass();
      const lacking =
        !a.markdownVaries && !a.htmlVaries
          ? 'neither response sends'
          : a.markdownVaries
            ? 'the HTML response does not send'
            : 'the Markdown response does not send';
      return partial(
        0.6,
        `The page serves Markdown to agents that ask for it, but ${lacking} Vary: Accept, so a shared cache can hand Markdown to browsers or HTML to agents. Add Vary: Accept to both responses.`,
        {
          severity: 'warning',
          title: 'Markdown negotiation without Vary: Accept',
        },
      );
    }
    const got = a.answeredWith ?? 'no content type';
    if (a.alternate || a.mirror) {
      const version = a.alternate ? `links a Markdown version (${a.alternate})` : `publishes a Markdown version at ${a.mirror}`;
      return partial(
        0.5,
        `Asked for text/markdown, the page answers ${got}, though it ${version}. Also serve that Markdown on Accept: text/markdown, with Vary: Accept, for agents that negotiate.`,
      );
    }
    return fail(
      `Asked for text/markdown, the page answers ${got}. Serving a Markdown version to clients that send Accept: text/markdown (with Vary: Accept) gives agents clean text in fewer tokens.`,
    );
  },
});
