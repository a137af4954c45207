import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { firstMeta } from '../../facts/page-facts.js';
import { ramp, floor2 } from '../../judge/ramp.js';
import { judgesDocument } from '../../judge/applicability.js';

const MIN_CHARS = 50;
const MAX_CHARS = 170;

export default defineRule({
  id: 'content.meta-description',
  category: 'Content Structure',
  weight: 6,
  severity: 'warning',
  title: 'Missing or weak meta description',
  description: 'Whether the page has a <meta name="description"> of 50 to 170 characters.',
  fix: 'Add a meta description of 50 to 170 characters that summarises the page.',
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    const description = firstMeta(ctx.facts.metaByName, 'description');
    if (!description) {
      if (firstMeta(ctx.facts.metaByProperty, 'og:description')) {
        return partial(
          0.5,
          'The page has an og:description but no <meta name="description">, the summary most crawlers read. Add one of 50 to 170 characters.',
        );
      }
      return fail(
        'The page has no meta description; answer engines and search snippets fall back to whatever text they find first. Add a <meta name="description"> of 50 to 170 characters summarising the page.',
        { title: 'Missing meta description' },
      );
    }
    if (ctx.facts.metaCutByQuote.includes('description')) {
      return partial(
        0.4,
        `The meta description stops at an unescaped double quote ("${description.slice(-40)}"); the rest of the text became stray attributes that no crawler reads. Write quotes inside the attribute as &quot; or use single quotes.`,
        { title: 'Meta description cut short by a quote' },
      );
    }
    const length = [...description].length;
    if (length < MIN_CHARS) {
      return partial(
        floor2(ramp(length, MIN_CHARS, 0, 0.3)),
        `The meta description has ${length} characters, too short to summarise the page. Write ${MIN_CHARS} to ${MAX_CHARS} characters that answer what the page offers.`,
      );
    }
    if (length > MAX_CHARS) {
      return partial(
        floor2(ramp(length, MAX_CHARS, 2 * MAX_CHARS, 0.6)),
        `The meta description has ${length} characters and is cut off after about ${MAX_CHARS}. Shorten it and lead with the answer.`,
        { severity: 'notice' },
      );
    }
    return pass();
  },
});
