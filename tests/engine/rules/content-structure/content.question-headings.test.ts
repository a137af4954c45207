import { expect } from 'vitest';
import contentQuestionHeadings from '../../../../shared/rules/content-structure/content.question-headings.js';
import { page, words } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';

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
