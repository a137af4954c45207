import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { robotsReading } from '../../crawlers/robots-context.js';
import { ROBOTS_PARSE_LIMIT_BYTES } from '../../robots/limits.js';

/** RFC 9309 section 2.5: crawlers need read only 500 KiB; rules after that may be ignored. */
export default defineRule({
  id: 'robots.too-large',
  category: 'Crawler Access',
  weight: 1,
  severity: 'warning',
  title: 'robots.txt is larger than crawlers must read',
  description: 'Whether robots.txt is larger than the 500 KiB crawlers must read (RFC 9309), so rules after that point may be ignored.',
  fix: 'Shorten robots.txt, for example with wildcards instead of long path lists.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind !== 'parsed') return notApplicable();
    if (!reading.robots.cut) return pass();
    const kib = Math.round(reading.robots.bytes / 1024);
    return fail(
      `robots.txt holds ${kib} KiB, more than the ${ROBOTS_PARSE_LIMIT_BYTES / 1024} KiB crawlers have to read (RFC 9309), so rules after that point may be ignored; this audit ignored them too. ` +
        'Shorten it, for example with wildcards instead of long path lists.',
    );
  },
});
