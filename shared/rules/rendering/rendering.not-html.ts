import { defineRule, fail, notApplicable, partial } from '../../judge/rule.js';
import { contentMime, documentKind } from '../../facts/document-kind.js';

/**
 * Only ever a defect: an HTML page earns nothing for being HTML, so this rule is not applicable then.
 * On a binary or non-page response it is the one Rendering verdict (every other rule needs a document).
 */
export default defineRule({
  id: 'rendering.not-html',
  category: 'Rendering',
  weight: 10,
  severity: 'critical',
  title: 'The page is not an HTML document',
  description: 'Whether the URL answers with an HTML document rather than binary data, plain text or another text format.',
  fix: 'Serve the content as an HTML page (text/html) at this URL.',
  check(ctx) {
    const kind = documentKind(ctx);
    const page = ctx.snapshot.page;
    const type = contentMime(ctx) || 'no Content-Type';
    if (kind === 'binary') {
      return fail(
        `The URL answered with ${type} (${page.bytes} bytes of binary data), so there is no text for AI engines to read. Serve the content as an HTML page at this URL.`,
        { title: 'The page is binary, not HTML' },
      );
    }
    if (kind === 'other-text') {
      return fail(
        `The URL answered with ${type} instead of an HTML page, so AI engines find no article text to read or cite. Serve text/html for pages meant for readers.`,
      );
    }
    if (kind === 'plain-text') {
      return partial(
        0.5,
        `The URL answered with ${type}: AI engines can read the text but get no title, headings, links or metadata. Serve an HTML page (and offer the text as an alternate if you like).`,
        { severity: 'warning', title: 'The page is plain text, not HTML' },
      );
    }
    return notApplicable();
  },
});
