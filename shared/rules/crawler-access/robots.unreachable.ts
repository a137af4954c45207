import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { robotsReading } from '../../crawlers/robots-context.js';

/** RFC 9309 section 2.3.1.4: a 5xx or unreachable robots.txt means "disallow everything". */
export default defineRule({
  id: 'robots.unreachable',
  category: 'Crawler Access',
  weight: 40,
  severity: 'critical',
  title: 'robots.txt is unreachable, so crawlers treat the whole site as disallowed',
  description: 'Whether robots.txt answers a 5xx status or cannot be fetched, which crawlers must read as a complete disallow (RFC 9309).',
  fix: 'Serve robots.txt with status 200, or 404 if you have no rules.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind === 'not-checked') return notApplicable();
    if (reading.kind !== 'unreachable') return pass();
    const what = reading.status > 0 ? `answered HTTP ${reading.status}` : `could not be fetched (${reading.reason})`;
    return fail(
      `${reading.url} ${what}; RFC 9309 tells crawlers to assume complete disallow until it can be read, so no AI agent may fetch this page. ` +
        'Serve robots.txt with status 200 (or 404 if you have no rules).',
    );
  },
});
