import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { pageAnswered } from '../../judge/applicability.js';
import { citingScopes, pageRobotsDirectives } from '../../facts/robots-directives.js';
import { listNames } from '../../judge/wording.js';

const NO_SNIPPET = new Set(['nosnippet', 'max-snippet:0']);

/** nosnippet / max-snippet:0 forbid quoting the page, which is what an AI answer does. */
export default defineRule({
  id: 'meta-robots.nosnippet',
  category: 'Crawler Access',
  weight: 6,
  severity: 'warning',
  title: 'Snippets are disabled, which limits what AI answers can quote',
  description: 'Whether nosnippet or max-snippet:0 (in a meta tag or the X-Robots-Tag header) stops engines from quoting the page.',
  fix: 'Remove the directive, or keep out only the parts that must not be quoted with data-nosnippet.',
  check(ctx) {
    if (!pageAnswered(ctx)) return notApplicable();
    const hits = citingScopes(pageRobotsDirectives(ctx)).filter((s) => s.directives.some((d) => NO_SNIPPET.has(d)));
    if (!hits.length) return pass();
    const directives = [...new Set(hits.flatMap((h) => h.directives.filter((d) => NO_SNIPPET.has(d))))];
    return partial(
      0.3,
      `${listNames(directives)} in ${listNames(hits.map((h) => h.source))} stops search and AI engines from quoting this page, which limits how answers can use it. ` +
        'Remove it, or mark only the parts to keep out with data-nosnippet.',
    );
  },
});
