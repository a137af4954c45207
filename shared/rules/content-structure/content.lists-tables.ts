import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';

/** Below this the page is short enough to read without structure. */
const LONG_CONTENT_WORDS = 300;

/** Lists and tables are what answer engines lift into steps, comparisons and summaries. Menus do not count. */
export default defineRule({
  id: 'content.lists-tables',
  category: 'Content Structure',
  weight: 3,
  severity: 'warning',
  title: 'Long content without lists or tables',
  description: 'Whether a page of 300 words or more has a list or table outside its menus.',
  fix: 'Turn enumerations into <ul>/<ol> lists and comparisons into a <table>.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const words = ctx.facts.wordCount;
    if (words < LONG_CONTENT_WORDS) return notApplicable();
    const { contentLists, contentTables } = ctx.facts.content;
    if (contentLists + contentTables > 0) return pass();
    return partial(
      0.4,
      `The page has ${words} words of text but no list or table outside its menus; answer engines quote steps, options and comparisons far more readily from them. Turn enumerations into <ul>/<ol> lists and comparisons into a <table>.`,
      words < 800 ? { severity: 'notice' } : {},
    );
  },
});
