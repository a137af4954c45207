import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { readSitemap } from '../../sitemap/read.js';

/** robots.txt is the one file every crawler reads first; a Sitemap: line there is how all of them find it. */
export default defineRule({
  id: 'sitemap.in-robots',
  category: 'AI Discovery',
  weight: 1,
  severity: 'notice',
  title: 'Sitemap not named in robots.txt',
  description: 'Whether robots.txt names the sitemap with a Sitemap: line.',
  fix: 'Add a line "Sitemap: https://example.com/sitemap.xml" (your sitemap\'s URL) to robots.txt.',
  check(ctx) {
    const robots = ctx.snapshot.robotsTxt;
    if (!robots || robots.error || robots.status === 0) return notApplicable();
    const reading = readSitemap(ctx);
    if (reading.robotsSitemaps?.length) return pass();
    // With no sitemap at all, sitemap.present already says what to do.
    if (reading.file.kind !== 'text' && !reading.gzip) return notApplicable();
    const url = reading.url ?? '/sitemap.xml';
    if (reading.robotsSitemaps === null) {
      return fail(`The site has no readable robots.txt to announce its sitemap. Add one with the line "Sitemap: ${url}".`);
    }
    return fail(`robots.txt has no Sitemap: line, so crawlers that do not guess /sitemap.xml miss it. Add "Sitemap: ${url}".`);
  },
});
