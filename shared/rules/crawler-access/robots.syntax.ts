import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { robotsReading } from '../../crawlers/robots-context.js';

const SHOWN_PROBLEMS = 3;

/** Lines crawlers skip (no colon, misspelt or unknown directives, paths without "/") hide intended rules. */
export default defineRule({
  id: 'robots.syntax',
  category: 'Crawler Access',
  weight: 2,
  severity: 'warning',
  title: 'robots.txt has lines crawlers ignore',
  description: 'Whether robots.txt has lines crawlers skip: no colon, misspelt or unknown directives, paths without a leading slash.',
  fix: 'Correct the lines the issue names so every crawler reads the rules you meant.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind !== 'parsed') return notApplicable();
    const { problems } = reading.robots;
    if (!problems.length) return pass();
    const shown = problems
      .slice(0, SHOWN_PROBLEMS)
      .map((p) => `line ${p.line}: ${p.message}`)
      .join('; ');
    const more = problems.length > SHOWN_PROBLEMS ? ` and ${problems.length - SHOWN_PROBLEMS} more` : '';
    return partial(
      0.5,
      `robots.txt has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`} (${shown}${more}). Fix ${problems.length === 1 ? 'it' : 'them'} so every crawler reads the rules you meant.`,
    );
  },
});
