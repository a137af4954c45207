import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { pageDatesOf, type PageDate } from '../../facts/dates.js';
import { ramp, floor2 } from '../../judge/ramp.js';
import { judgesDocument } from '../../judge/applicability.js';
import { isArticlePage, isNewsPage } from '../../facts/article-page.js';

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.25;
const FRESH_YEARS = 2;
const STALE_YEARS = 6;

/**
 * How old the newest date the page states is, measured from the snapshot's start (never the wall
 * clock, so an audit can be judged again later with the same result). Bare <time> elements only count
 * on articles: on a homepage they date the items listed, not the page.
 */
export default defineRule({
  id: 'trust.freshness',
  category: 'Trust',
  weight: 5,
  severity: 'warning',
  title: 'Content looks stale',
  description: 'Whether the newest date the page states is under two years old at the time of the audit, and not in the future.',
  fix: 'Review the content, update dateModified when you do, and correct dates that lie in the future.',
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    const now = Date.parse(ctx.snapshot.startedAt);
    if (!Number.isFinite(now)) return notApplicable();
    const article = isArticlePage(ctx);
    const dated = pageDatesOf(ctx).filter((d): d is PageDate & { time: number } => d.time !== null && (article || d.source !== 'time'));
    if (!dated.length) return notApplicable(); // trust.dates reports a missing date
    const past = dated.filter((d) => d.time <= now + DAY_MS);
    if (!past.length) {
      return partial(
        0.5,
        `Every date the page states lies in the future (${dated[0]!.raw}); a wrong date makes the page look unreliable. Check the time zone and the values in JSON-LD and meta tags.`,
        { severity: 'notice', title: 'Dates in the future' },
      );
    }
    const modified = past.filter((d) => d.kind === 'modified');
    const newest = (modified.length ? modified : past).reduce((a, b) => (b.time > a.time ? b : a));
    const years = (now - newest.time) / DAY_MS / YEAR_DAYS;
    if (years <= FRESH_YEARS) return pass();
    const score = floor2(ramp(years, FRESH_YEARS, STALE_YEARS, 0));
    if (isNewsPage(ctx)) {
      // A news story is a record of its day: its age is no fault, and rewriting its date would mislead.
      return partial(
        score,
        `This news story is dated ${newest.raw} (${describe(newest)}), ${years.toFixed(1)} years before this audit; answer engines favour recent reporting for current questions. Nothing to fix unless the story is meant to stay current: then update it and its dateModified.`,
        { severity: 'notice', title: 'An older news story' },
      );
    }
    return partial(
      score,
      `The newest date the page states is ${newest.raw} (${describe(newest)}), ${years.toFixed(1)} years before this audit; answer engines prefer current sources. Review the content and update dateModified when you do.`,
      score >= 0.7 ? { severity: 'notice' } : {},
    );
  },
});

function describe(d: PageDate): string {
  const kind = d.kind === 'unspecified' ? 'date' : d.kind === 'modified' ? 'modified date' : 'publish date';
  const where = { 'json-ld': 'JSON-LD', meta: 'meta tag', microdata: 'microdata', time: '<time>' }[d.source];
  return `${kind} in ${where}`;
}
