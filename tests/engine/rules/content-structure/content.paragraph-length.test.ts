import { expect } from 'vitest';
import contentParagraphLength from '../../../../shared/rules/content-structure/content.paragraph-length.js';
import { testRule } from '../../rule-tester.js';
import { page, paragraphs, words } from '../../../helpers/snapshot.js';

testRule(contentParagraphLength, {
  passes: [
    { name: 'short paragraphs under regular headings', snapshot: page(`<h2>A</h2>${paragraphs(4, 80)}<h2>B</h2>${paragraphs(4, 80)}`) },
    {
      name: 'text in menus and footers does not count',
      snapshot: page(`<h2>A</h2>${paragraphs(2, 100)}<footer><p>${words(400)}</p></footer>`),
    },
  ],
  partial: [
    {
      name: 'a paragraph over 150 words: credit by the share of text in long paragraphs',
      snapshot: page(`<h2>A</h2>${paragraphs(3, 80)}<p>${words(240)}</p>`),
      detail: '1 paragraph is longer than 150 words (longest 240)',
      check: (o) => expect(o.score).toBeGreaterThan(0.2),
    },
    {
      name: 'a long stretch without headings, even in short paragraphs',
      snapshot: page(`<h2>A</h2>${paragraphs(15, 100)}`),
      detail: '1500 words without a heading',
    },
  ],
  notApplicable: [{ name: 'a short page', snapshot: page(`<p>${words(100)}</p>`) }],
});
