import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { redirectingUrls } from '../../judge/redirects.js';

export default defineRule({
  id: 'trust.https',
  category: 'Trust',
  weight: 8,
  severity: 'warning',
  title: 'The page is not served over HTTPS',
  description: 'Whether the page is served over HTTPS.',
  fix: 'Serve the page over HTTPS and redirect HTTP to it.',
  check(ctx) {
    if (ctx.snapshot.page.status === 0) return notApplicable(); // no response: nothing was served
    if (ctx.pageUrl.protocol === 'https:') return pass();
    const redirectedDown = redirectingUrls(ctx.snapshot.page).some((url) => url.startsWith('https:'));
    return fail(
      redirectedDown
        ? `The page redirects from HTTPS to plain HTTP (${ctx.pageUrl.href}); browsers warn about it and answer engines prefer secure sources. Serve the page over HTTPS and redirect HTTP to it.`
        : `The page is served over plain HTTP (${ctx.pageUrl.href}); browsers mark it "not secure" and answer engines prefer secure sources. Serve it over HTTPS and redirect HTTP to HTTPS.`,
    );
  },
});
