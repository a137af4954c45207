import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { readSitemap } from '../../sitemap/read.js';
import { comparableUrl } from '../../sitemap/comparable-url.js';
import { canonicalDeclarations } from '../../facts/canonical-declarations.js';
import { plural } from '../../judge/wording.js';

/** A page missing from a urlset is one crawlers may never (re)visit. */
export default defineRule({
  id: 'sitemap.lists-page',
  category: 'AI Discovery',
  weight: 2,
  severity: 'notice',
  title: 'Page is not in the sitemap',
  description: 'Whether the sitemap lists the audited page.',
  fix: "Add the page's canonical URL to the sitemap.",
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const reading = readSitemap(ctx);
    const parsed = reading.parsed;
    // A sitemap index names other sitemaps we did not fetch; a feed only lists recent items.
    if (!reading.valid || !parsed || (parsed.kind !== 'urlset' && parsed.kind !== 'text')) return notApplicable();
    const wanted = new Set(
      [ctx.pageUrl.href, ctx.snapshot.requestedUrl, ...canonicalDeclarations(ctx).map((c) => c.href ?? '')]
        .map((u) => comparableUrl(u))
        .filter((u): u is string => u !== null),
    );
    if (parsed.entries.some((e) => e.loc !== null && wanted.has(comparableUrl(e.loc) ?? ''))) return pass();
    // Not found in a cut file or beyond the kept entries proves nothing.
    if (parsed.entryCount > parsed.entries.length || (reading.file.kind === 'text' && reading.file.truncated)) return notApplicable();
    return fail(
      `The sitemap lists ${plural(parsed.entryCount, 'URL')} but not this page (${ctx.pageUrl.href}). Add the page's canonical URL to it so crawlers keep it fresh in their index.`,
    );
  },
});
