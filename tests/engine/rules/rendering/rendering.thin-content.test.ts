import renderingThinContent from '../../../../shared/rules/rendering/rendering.thin-content.js';
import { snapshot, page, words } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { testRule } from '../../rule-tester.js';

testRule(renderingThinContent, {
  passes: [{ name: '300 words', snapshot: page(`<p>${words(300)}</p>`) }],
  partial: [
    { name: '150 words: credit in proportion', snapshot: page(`<p>${words(150)}</p>`), score: 0.5 },
    { name: '299 words: just short of a pass', snapshot: page(`<p>${words(299)}</p>`), score: 0.99, detail: '299 words' },
  ],
  fails: [{ name: 'no text on a page that is not a JavaScript shell', snapshot: page('<img src="/hero.jpg" alt="">') }],
  notApplicable: [{ name: 'a shell (the critical issue is not repeated)', snapshot: snapshot(SPA_SHELL) }],
});
