import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { markdownAvailability } from '../../facts/markdown-availability.js';
import { markdownMirrorUrl } from '../../facts/markdown-mirror.js';

/**
 * The page's `.md` mirror (llmstxt.org: the page URL with `.md` appended, `index.html.md` for a URL without a file
 * name), which agents that neither negotiate nor read `<link>` elements try. Asked only when Markdown is not
 * negotiated; a page with no Markdown at all is markdown.negotiation's, so this notice is for a page that links a
 * Markdown version somewhere else.
 */
export default defineRule({
  id: 'markdown.page-mirror',
  category: 'AI Discovery',
  weight: 0,
  severity: 'notice',
  title: 'No .md mirror of the page',
  description: 'Whether a page that links a Markdown version elsewhere also serves it at the page URL with .md appended.',
  fix: 'Serve the Markdown at the page URL with .md appended too, or redirect that URL to it.',
  check(ctx) {
    if (!ctx.pageOk || !ctx.snapshot.markdownMirror) return notApplicable();
    const a = markdownAvailability(ctx);
    if (a.mirror) return pass();
    if (!a.alternate) return notApplicable();
    return fail(
      `The page links its Markdown at ${a.alternate}, but ${markdownMirrorUrl(ctx.pageUrl.href)} (the page URL with .md appended, as the llms.txt proposal suggests) ` +
        `answers HTTP ${ctx.snapshot.markdownMirror.status || 'nothing'}. Agents that guess that URL get nothing: serve the Markdown there too, or redirect it.`,
    );
  },
});
