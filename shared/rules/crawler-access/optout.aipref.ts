import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { robotsReading, auditedRobotsPath } from '../../crawlers/robots-context.js';
import { contentUsageForPath } from '../../robots/content-usage.js';
import { deniedUsages, parseUsagePreferences } from '../../robots/usage-preferences.js';
import { listNames, oneOrMany } from '../../judge/wording.js';

/** IETF AIPREF Content-Usage (robots.txt rule or HTTP header): declared usage preferences, informational. */
export default defineRule({
  id: 'optout.aipref',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'AI usage preferences are declared (IETF AIPREF Content-Usage)',
  description:
    'Whether IETF AIPREF Content-Usage preferences (a robots.txt line or the Content-Usage header) deny a use of the page, such as train-ai=n.',
  fix: 'Nothing to fix if intended; otherwise change the denied preferences to =y or remove them.',
  check(ctx) {
    const found: Array<{ source: string; denied: string[] }> = [];
    const header = ctx.snapshot.page.headers['content-usage'];
    if (header) found.push({ source: 'the Content-Usage header', denied: deniedUsages(parseUsagePreferences(header)) });
    const reading = robotsReading(ctx);
    if (reading.kind === 'parsed') {
      for (const m of contentUsageForPath(reading.robots, auditedRobotsPath(ctx))) {
        found.push({ source: `robots.txt line ${m.line}`, denied: deniedUsages(m.prefs) });
      }
    }
    if (!found.length) return notApplicable();
    const denying = found.filter((f) => f.denied.length);
    if (!denying.length) return pass();
    const denied = [...new Set(denying.flatMap((f) => f.denied))];
    const searchToo = denied.includes('search')
      ? ' search=n also asks engines not to list it in search'
      : ' AI search and citations are unaffected';
    return fail(
      `${listNames(denying.map((f) => f.source))} ${oneOrMany(denying.length, 'states', 'state')} ${listNames(denied.map((d) => `${d}=n`))} for this page (Content-Usage). ` +
        `These are preferences, not access rules;${searchToo}.`,
    );
  },
});
