import { defineRule, fail, notApplicable } from '../../judge/rule.js';
import type { FetchedResource } from '../../types/fetcher.js';

/**
 * Site files the browser would not let the extension read (`cross_origin`): a robots.txt that
 * redirects to another site, a sitemap hosted elsewhere. The site did answer, so this is not RFC
 * 9309's "unreachable" and nobody is blocked: the rules that need the file are left out, and this
 * notice (weight 0, never moves a score) says so instead of guessing.
 */
export default defineRule({
  id: 'site-files.unread-in-browser',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'Some site files could not be read from the browser',
  description:
    'Extension only: whether the browser refused to let the extension read robots.txt, the sitemap or llms.txt (another site, or a redirect to one).',
  fix: 'Allow Citable to read that site from the popup, or audit the page with the Citable server or CLI.',
  check(ctx) {
    const { robotsTxt, llmsTxt, llmsFullTxt, sitemap } = ctx.snapshot;
    const refused = [robotsTxt, sitemap, llmsTxt, llmsFullTxt].filter((r): r is FetchedResource => r?.error?.code === 'cross_origin');
    if (!refused.length) return notApplicable();
    const robots = refused.includes(robotsTxt!);
    const what = robots ? 'robots.txt could not be read from the browser' : 'Some site files could not be read from the browser';
    return fail(
      `${refused.map((r) => r.url).join(', ')} answered, but the browser does not let the extension read ${refused.length === 1 ? 'it' : 'them'} ` +
        `(another site, or a redirect to one). ${robots ? 'Its rules are unknown, so the crawler verdicts below do not reflect it' : 'The checks that need them were left out'}: ` +
        'allow Citable to read that site from the popup, or audit the page with the Citable server or CLI.',
      { title: what },
    );
  },
});
