import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { ramp, floor2 } from '../../judge/ramp.js';
import { judgesDocument } from '../../judge/applicability.js';
import { quote } from '../../judge/wording.js';

const MIN_CHARS = 10;
const MAX_CHARS = 70;
/** Framework and CMS defaults that say nothing about the page. */
const GENERIC =
  /^(home|homepage|home page|untitled|untitled document|document|index|welcome|react app|vite app|vite \+ react|new page|page title|my site|my website|website|title)$/i;

export default defineRule({
  id: 'content.title',
  category: 'Content Structure',
  weight: 8,
  severity: 'warning',
  title: 'Missing or weak page title',
  description: 'Whether the page has one specific <title> of 10 to 70 characters, not a framework default.',
  fix: 'Write one specific title of 10 to 70 characters that names the topic.',
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    const { title, titleCount } = ctx.facts;
    if (!title) {
      return fail(
        'The page has no <title> (or an empty one); answer engines use it as the name of the source they cite. Add a specific title of 10 to 70 characters.',
        { title: 'Missing page title' },
      );
    }
    const length = [...title].length;
    if (GENERIC.test(title.trim())) {
      return partial(
        0.4,
        `The title ${quote(title)} is a default that says nothing about the page. Write a specific title of ${MIN_CHARS} to ${MAX_CHARS} characters naming the topic.`,
        { title: 'Generic page title' },
      );
    }
    let score = 1;
    let detail = '';
    if (length < MIN_CHARS) {
      score = ramp(length, MIN_CHARS, 0, 0.2);
      detail = `The title ${quote(title)} has ${length} characters, too short to say what the page is about. Use ${MIN_CHARS} to ${MAX_CHARS} characters naming the topic.`;
    } else if (length > MAX_CHARS) {
      score = ramp(length, MAX_CHARS, 2 * MAX_CHARS, 0.5);
      detail = `The title has ${length} characters and is cut off in result lists and citations after about ${MAX_CHARS}. Shorten it and put the topic first.`;
    }
    if (titleCount > 1) {
      score = Math.min(score, 0.9);
      detail = `${detail} The page has ${titleCount} <title> elements; keep exactly one.`.trim();
    }
    if (score >= 1) return pass();
    return partial(floor2(score), detail, score >= 0.7 ? { severity: 'notice' } : {});
  },
});
