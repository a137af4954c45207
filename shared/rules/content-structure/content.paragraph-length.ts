import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { ramp, floor2 } from '../../judge/ramp.js';
import { judgesBody } from '../../judge/applicability.js';
import { capitalise } from '../../judge/wording.js';

/** Answer engines cut pages into passages; a paragraph or section beyond these is hard to quote from. */
const LONG_PARAGRAPH_WORDS = 150;
const LONG_SECTION_WORDS = 800;
const MIN_PAGE_WORDS = 150;

export default defineRule({
  id: 'content.paragraph-length',
  category: 'Content Structure',
  weight: 3,
  severity: 'warning',
  title: 'Walls of text',
  description: 'Whether paragraphs stay within 150 words and no stretch runs 800 words without a heading.',
  fix: 'Split paragraphs to 40–150 words and add a subheading every few hundred words.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    if (ctx.facts.wordCount < MIN_PAGE_WORDS) return notApplicable();
    const { paragraphWords, sectionWords } = ctx.facts.content;
    const long = paragraphWords.filter((w) => w > LONG_PARAGRAPH_WORDS);
    const paragraphTotal = paragraphWords.reduce((a, b) => a + b, 0);
    const longTotal = long.reduce((a, b) => a + b, 0);
    const paragraphScore = paragraphTotal > 0 ? ramp(longTotal / paragraphTotal, 0, 0.6, 0.2) : 1;
    const longestSection = sectionWords.reduce((a, b) => Math.max(a, b), 0);
    const sectionScore = ramp(longestSection, LONG_SECTION_WORDS, 2_500, 0.3);
    const score = floor2(Math.min(paragraphScore, sectionScore));
    if (score >= 1) return pass();
    const found: string[] = [];
    if (long.length) {
      found.push(
        `${long.length} paragraph${long.length === 1 ? ' is' : 's are'} longer than ${LONG_PARAGRAPH_WORDS} words (longest ${long.reduce((a, b) => Math.max(a, b), 0)})`,
      );
    }
    if (sectionScore < 1) found.push(`one stretch runs ${longestSection} words without a heading`);
    return partial(
      score,
      `${capitalise(found.join(' and '))}; answer engines quote short self-contained passages. Split paragraphs to 40–150 words and add a subheading every few hundred words.`,
      score >= 0.7 ? { severity: 'notice' } : {},
    );
  },
});
