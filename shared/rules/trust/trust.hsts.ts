import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { plural } from '../../judge/wording.js';

/** Half a year: the least HSTS preload lists and security scanners accept. */
const MIN_MAX_AGE_S = 15_552_000;

/** A small bonus on top of HTTPS: Strict-Transport-Security keeps every later visit on HTTPS. */
export default defineRule({
  id: 'trust.hsts',
  category: 'Trust',
  weight: 1,
  severity: 'notice',
  title: 'No HTTP Strict Transport Security',
  description: 'Whether the HTTPS response sends Strict-Transport-Security with a max-age of at least 180 days.',
  fix: 'Send "Strict-Transport-Security: max-age=31536000".',
  check(ctx) {
    const page = ctx.snapshot.page;
    if (page.status === 0 || ctx.pageUrl.protocol !== 'https:') return notApplicable(); // trust.https carries plain HTTP
    const header = page.headers['strict-transport-security'];
    if (!header?.trim()) {
      return partial(
        0.5,
        'The HTTPS response has no Strict-Transport-Security header, so a first visit over HTTP can be intercepted. Add "Strict-Transport-Security: max-age=31536000".',
      );
    }
    const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(header)?.[1] ?? NaN);
    if (!Number.isFinite(maxAge) || maxAge === 0) {
      return partial(
        0.3,
        `Strict-Transport-Security is "${header.slice(0, 80)}", which does not enable HSTS (no positive max-age). Use max-age=31536000.`,
      );
    }
    if (maxAge < MIN_MAX_AGE_S) {
      return partial(
        0.8,
        `Strict-Transport-Security has max-age=${maxAge} (${days(maxAge)}), shorter than the usual minimum of 180 days. Use max-age=31536000.`,
      );
    }
    return pass();
  },
});

function days(seconds: number): string {
  return plural(Math.round(seconds / 86_400), 'day');
}
