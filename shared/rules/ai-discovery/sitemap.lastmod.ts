import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { readSitemap } from '../../sitemap/read.js';
import { lastmodStats } from '../../sitemap/lastmod.js';
import { listPhrase, plural } from '../../judge/wording.js';

/** Bing and Google use <lastmod> to decide what to recrawl; AI search answers from that fresh index. */
export default defineRule({
  id: 'sitemap.lastmod',
  category: 'AI Discovery',
  weight: 3,
  severity: 'warning',
  title: 'Sitemap lacks <lastmod> dates',
  description: 'Whether sitemap entries carry valid <lastmod> dates.',
  fix: 'Give every entry a W3C-format <lastmod> that changes only when the page does.',
  check(ctx) {
    const reading = readSitemap(ctx);
    const parsed = reading.parsed;
    if (!reading.valid || !parsed || (parsed.kind !== 'urlset' && parsed.kind !== 'sitemapindex')) return notApplicable();
    const now = new Date(ctx.snapshot.startedAt);
    const stats = lastmodStats(parsed, Number.isNaN(now.getTime()) ? new Date() : now);
    if (!stats.entries) return notApplicable();
    if (stats.valid === stats.entries) return pass();
    const score = stats.valid / stats.entries;
    const advice =
      'Give every entry a <lastmod> in W3C format (2026-03-01 or 2026-03-01T09:00:00+00:00) that changes only when the page does.';
    if (stats.present === 0) {
      return partial(
        0,
        `None of the ${stats.entries} sitemap entries has a <lastmod>, so crawlers cannot tell which pages changed. ${advice}`,
      );
    }
    const lacking = stats.entries - stats.present;
    const invalid = stats.present - stats.valid - stats.future;
    const faults = [
      ...(lacking ? [`${lacking} of ${stats.entries} entries ${lacking === 1 ? 'has' : 'have'} no <lastmod>`] : []),
      ...(invalid
        ? [`${plural(invalid, 'date')} ${invalid === 1 ? 'is' : 'are'} not in W3C format (e.g. "${stats.invalidExamples[0]}")`]
        : []),
      ...(stats.future ? [`${plural(stats.future, 'date')} ${stats.future === 1 ? 'lies' : 'lie'} in the future`] : []),
    ];
    return partial(score, `Sitemap dates are incomplete: ${listPhrase(faults)}. ${advice}`, {
      severity: score >= 0.5 ? 'notice' : 'warning',
      title: 'Some sitemap <lastmod> dates are missing or invalid',
    });
  },
});
