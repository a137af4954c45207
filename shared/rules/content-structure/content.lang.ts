import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesDocument } from '../../judge/applicability.js';
import { quote } from '../../judge/wording.js';

/** A BCP 47 tag as written in practice: language, then optional script/region/variant subtags. */
const BCP47 = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;

export default defineRule({
  id: 'content.lang',
  category: 'Content Structure',
  weight: 4,
  severity: 'warning',
  title: 'Missing or invalid page language',
  description: 'Whether <html lang> holds a valid BCP 47 language tag.',
  fix: 'Add a valid lang attribute to <html>, for example lang="en".',
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    const lang = ctx.facts.lang;
    if (!lang) {
      const header = ctx.snapshot.page.headers['content-language'];
      if (header?.trim()) {
        return partial(
          0.6,
          `The language is only given in the Content-Language header (${header.trim()}); parsers of the HTML itself look at <html lang>. Add lang="${header.split(',')[0]!.trim()}" to the <html> element.`,
        );
      }
      return fail(
        'The <html> element has no lang attribute, so AI engines must guess the page\'s language. Add one, for example <html lang="en">.',
        { title: 'Missing page language' },
      );
    }
    if (BCP47.test(lang)) return pass();
    if (BCP47.test(lang.replace(/_/g, '-'))) {
      return partial(0.8, `lang=${quote(lang)} uses an underscore; the standard form is ${quote(lang.replace(/_/g, '-'))}.`, {
        severity: 'notice',
      });
    }
    return partial(
      0.4,
      `lang=${quote(lang)} is not a valid language tag, so AI engines cannot rely on it. Use a BCP 47 tag such as "en" or "de-CH".`,
    );
  },
});
