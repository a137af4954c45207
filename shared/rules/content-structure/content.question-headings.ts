import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { countWords, type HeadingFact } from '../../facts/page-facts.js';
import { floor2 } from '../../judge/ramp.js';
import { judgesBody } from '../../judge/applicability.js';
import { quote } from '../../judge/wording.js';
import { isQuestion } from '../../facts/questions.js';
import { isFaqHeading } from '../../facts/language/match.js';

/** A direct answer opens the section with one sentence of a few to about 60 words. */
const ANSWER_MIN_WORDS = 3;
const ANSWER_MAX_WORDS = 60;
const LONG_CONTENT_WORDS = 300;

/**
 * Question-style H2/H3 headings answered right below (aiseo-audit's "answer capsules"): answer engines
 * match a user's question to a heading and quote the sentence under it.
 */
export default defineRule({
  id: 'content.question-headings',
  category: 'Content Structure',
  weight: 5,
  severity: 'warning',
  title: 'Questions in headings are not answered right below',
  description: 'Whether question-style H2/H3 headings are answered by a short sentence right below them, and whether a long page has any.',
  fix: 'Phrase key headings as questions and answer each in one sentence of under 60 words right below.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    // The page's own headings: a newsletter form's "Love the Web?", a comment's title or a related story's linked
    // headline asks this page's reader nothing.
    const lang = ctx.facts.lang;
    const sections = ctx.facts.headings.filter(
      (h) => (h.level === 2 || h.level === 3) && h.region === 'content' && !h.linksAway && h.text.trim(),
    );
    const questions = sections.filter((h) => isQuestion(h.text, lang));
    if (!questions.length) {
      if (ctx.facts.wordCount < LONG_CONTENT_WORDS || sections.length < 2) return notApplicable();
      // An FAQ section usually asks its questions in an accordion or a list, not in headings.
      if (ctx.facts.headings.some((h) => h.region === 'content' && isFaqHeading(h.text, lang))) return notApplicable();
      return partial(
        0.7,
        `None of the page's ${sections.length} H2/H3 headings is phrased as a question; answer engines match users' questions to headings. Phrase key headings as the questions readers ask and answer each in the first sentence below.`,
        { severity: 'notice', title: 'No question-style headings' },
      );
    }
    const unanswered = questions.filter((h) => !answeredBelow(h));
    if (!unanswered.length) return pass();
    const score = floor2((questions.length - unanswered.length) / questions.length);
    return partial(
      score,
      `${unanswered.length} of ${questions.length} question headings (e.g. ${quote(unanswered[0]!.text)}) are not followed by a short direct answer. Answer each question in one sentence of under ${ANSWER_MAX_WORDS} words right below the heading, then elaborate.`,
      score >= 0.5 ? { severity: 'notice' } : {},
    );
  },
});

function answeredBelow(heading: HeadingFact): boolean {
  const first = firstSentence(heading.following);
  const words = countWords(first);
  return words >= ANSWER_MIN_WORDS && words <= ANSWER_MAX_WORDS && !first.trim().endsWith('?');
}

/** Up to the first sentence end followed by space (found, not split: the text after it is never read). */
function firstSentence(text: string): string {
  const end = SENTENCE_END.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

const SENTENCE_END = /[.!?。]\s/;
