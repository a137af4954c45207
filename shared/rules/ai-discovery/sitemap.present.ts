import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { readSitemap, type SitemapReading } from '../../sitemap/read.js';
import { capitalise, listPhrase } from '../../judge/wording.js';

/** Search indexes (Bing, Google) feed AI search; a sitemap is how they find every page. */
export default defineRule({
  id: 'sitemap.present',
  category: 'AI Discovery',
  weight: 6,
  severity: 'warning',
  title: 'No valid sitemap',
  description: 'Whether the site has a readable sitemap (XML, text, RSS or Atom), named in robots.txt or at /sitemap.xml.',
  fix: 'Publish an XML sitemap listing your pages with <lastmod> dates and name it in robots.txt.',
  check(ctx) {
    const reading = readSitemap(ctx);
    const { file } = reading;
    const where = describeSource(reading);
    const advice =
      'Publish an XML sitemap listing your pages with <lastmod> dates and name it in robots.txt ("Sitemap: https://.../sitemap.xml").';
    switch (file.kind) {
      case 'not_fetched':
      case 'unreachable':
        return notApplicable();
      case 'missing':
        return fail(`No sitemap was found: ${where} answered HTTP ${file.status}. ${advice}`);
      case 'http_error':
        return fail(
          `The sitemap could not be fetched: ${where} answered HTTP ${file.status}. Serve it with status 200 as application/xml.`,
          {
            title: 'Sitemap cannot be fetched',
          },
        );
      case 'html':
        return fail(`${capitalise(where)} answers ${file.status} with an HTML page, not a sitemap. ${advice}`, {
          title: 'Sitemap URL serves an HTML page',
        });
      case 'binary':
        // A gzip sitemap is allowed by the protocol; we just cannot look inside.
        if (reading.gzip) return pass();
        return fail(
          `${capitalise(where)} is binary (${file.contentType || 'no content type'}), not a sitemap. Serve it as application/xml.`,
          {
            title: 'Sitemap is not XML',
          },
        );
      case 'empty':
        return fail(`${capitalise(where)} is empty. ${advice}`, { title: 'Sitemap is empty' });
      case 'text': {
        const parsed = reading.parsed!;
        const errors = parsed.problems.filter((p) => p.severity === 'error').map((p) => p.message);
        const warnings = parsed.problems.filter((p) => p.severity === 'warning').map((p) => p.message);
        if (parsed.kind === 'unknown') {
          return fail(`${capitalise(where)} is not a sitemap: ${listPhrase(errors)}. ${advice}`, { title: 'Sitemap is not valid' });
        }
        if (errors.length) {
          return partial(
            0.3,
            `The sitemap at ${where} has errors: ${listPhrase([...errors, ...warnings])}. Fix them so crawlers accept the file.`,
            {
              title: 'Sitemap is not valid',
            },
          );
        }
        if (warnings.length) {
          return partial(0.8, `The sitemap at ${where} works but ${listPhrase(warnings)}.`, {
            severity: 'notice',
            title: 'Sitemap has minor problems',
          });
        }
        return pass();
      }
    }
  },
});

function describeSource(reading: SitemapReading): string {
  const url = reading.url ?? '/sitemap.xml';
  return reading.fromRobots ? `${url} (named in robots.txt)` : url;
}
