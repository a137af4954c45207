import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { robotsReading } from '../../crawlers/robots-context.js';

/** An SPA's catch-all route answering /robots.txt with the app shell: crawlers see no rules at all. */
export default defineRule({
  id: 'robots.served-as-html',
  category: 'Crawler Access',
  weight: 4,
  severity: 'warning',
  title: 'robots.txt is not a text file',
  description: 'Whether /robots.txt answers with an HTML page or binary content instead of plain text, so crawlers find no rules.',
  fix: 'Serve a plain-text robots.txt, or a 404 if you have no rules.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind === 'parsed') return pass();
    if (reading.kind !== 'not-text') return notApplicable();
    const what = reading.reason === 'html' ? 'an HTML page (typically a single-page app’s catch-all route)' : 'binary content';
    return fail(
      `${reading.url} answers ${reading.status} with ${what}, so crawlers find no rules and treat it as missing. ` +
        'Serve a plain-text robots.txt, or a 404 if you have no rules.',
      { title: reading.reason === 'html' ? 'robots.txt is served as HTML' : 'robots.txt is not a text file' },
    );
  },
});
