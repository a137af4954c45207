import { defineRule, fail, notApplicable } from '../../judge/rule.js';
import { pageAnswered } from '../../judge/applicability.js';
import { pageRobotsDirectives } from '../../facts/robots-directives.js';
import { listNames } from '../../judge/wording.js';

const NOAI = new Set(['noai', 'noimageai']);

/** noai / noimageai: an informal training opt-out. Informational only. */
export default defineRule({
  id: 'optout.noai',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'The page asks not to be used for AI training (noai)',
  description: 'Whether a robots meta tag or the X-Robots-Tag header carries noai or noimageai, an informal AI training opt-out.',
  fix: 'Nothing to fix if intended; otherwise remove noai and noimageai.',
  check(ctx) {
    if (!pageAnswered(ctx)) return notApplicable();
    const hits = pageRobotsDirectives(ctx).filter((s) => s.directives.some((d) => NOAI.has(d)));
    if (!hits.length) return notApplicable();
    const directives = [...new Set(hits.flatMap((h) => h.directives.filter((d) => NOAI.has(d))))];
    const subject = directives.includes('noai')
      ? directives.includes('noimageai')
        ? 'the page or its images'
        : 'the page'
      : 'the page’s images';
    return fail(
      `${listNames(directives)} in ${listNames(hits.map((h) => h.source))} is an informal request not to use ${subject} for AI training. ` +
        'It does not affect AI search or citations; nothing to fix if intended.',
    );
  },
});
