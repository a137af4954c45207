import { describe, expect, it } from 'vitest';
import contentSingleH1 from '../../../shared/rules/content-structure/content.single-h1.js';
import contentHeadingHierarchy from '../../../shared/rules/content-structure/content.heading-hierarchy.js';
import contentQuestionHeadings from '../../../shared/rules/content-structure/content.question-headings.js';
import { isQuestion } from '../../../shared/facts/questions.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { testRule } from '../rule-tester.js';

testRule(contentSingleH1, {
  passes: [{ name: 'exactly one H1', snapshot: page('<h1>Cold brew</h1><p>text</p>') }],
  fails: [
    { name: 'no H1', snapshot: page('<h2>Cold brew</h2>') },
    { name: 'an H1 without text', snapshot: page('<h1><img src="/logo.png"></h1>'), detail: 'no H1 text' },
  ],
  partial: [
    { name: 'two H1s: a notice', snapshot: page('<h1>One</h1><h1>Two</h1>'), score: 0.7, severity: 'notice' },
    { name: 'many H1s: less credit', snapshot: page('<h1>1</h1><h1>2</h1><h1>3</h1><h1>4</h1>'), score: 0.4 },
  ],
  notApplicable: [{ name: 'a JavaScript shell', snapshot: snapshot(SPA_SHELL) }],
});

testRule(contentHeadingHierarchy, {
  passes: [
    { name: 'one level down at a time (jumping back up is fine)', snapshot: page('<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2><h3>E</h3>') },
  ],
  partial: [
    {
      name: 'credit per skipped level, naming the first skip: a warning',
      snapshot: page('<h1>A</h1><h2>B</h2><h4>C</h4><h2>D</h2><h3>E</h3>'),
      score: 0.5,
      severity: 'warning',
      detail: ['1 of 4', 'H2 "B" is followed by H4 "C"'],
    },
    { name: 'credit floors at 0.3', snapshot: page('<h1>A</h1><h3>B</h3><h1>C</h1><h4>D</h4>'), score: 0.3 },
  ],
  notApplicable: [{ name: 'fewer than two headings', snapshot: page('<h1>A</h1>') }],
});

const long = `<p>${words(300)}</p>`;

testRule(contentQuestionHeadings, {
  passes: [
    {
      name: 'question headings answered right below with a short sentence',
      snapshot: page(
        `<h1>Cold brew</h1>${long}<h2>What is cold brew?</h2><p>Cold brew is coffee steeped in cold water for a day. More text follows here.</p><h3>How long does it keep?</h3><p>About two weeks in the fridge.</p>`,
      ),
    },
  ],
  partial: [
    {
      name: 'credit for the share answered, naming an unanswered one',
      snapshot: page(
        `<h2>What is cold brew?</h2><p>Cold brew is coffee steeped in cold water.</p><h2>Why is it sweet?</h2><h3>Chemistry</h3><p>Short.</p><h2>How strong is it?</h2><p>${'very '.repeat(80)}strong indeed.</p>`,
      ),
      score: 0.33,
      detail: ['2 of 3', '"Why is it sweet?"'],
      check: (o) => expect(o.severity).toBeUndefined(),
    },
    {
      name: 'long content with section headings but no question: a notice',
      snapshot: page(`<h2>Ingredients</h2>${long}<h2>Method</h2><p>Stir.</p>`),
      score: 0.7,
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'a short page without questions', snapshot: page('<h2>Ingredients</h2><p>x</p><h2>Method</h2>') }],
});

describe('isQuestion', () => {
  it('recognises questions', () => {
    expect(isQuestion('What is cold brew?')).toBe(true);
    expect(isQuestion('How to store cold brew')).toBe(true);
    expect(isQuestion('Is it worth it?')).toBe(true);
    expect(isQuestion('Do more with less')).toBe(false);
    expect(isQuestion('Ingredients')).toBe(false);
  });
});
