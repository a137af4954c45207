import renderingNoscriptJsRequired from '../../../../shared/rules/rendering/rendering.noscript-js-required.js';
import { snapshot, page, words } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { testRule } from '../../rule-tester.js';
import { ownSeverity } from './fixtures.js';

testRule(renderingNoscriptJsRequired, {
  passes: [
    {
      name: 'noscript that does not ask for JavaScript (a tracking pixel)',
      snapshot: page(`<p>${words(100)}</p><noscript><img src="/px.gif" alt=""></noscript>`),
    },
  ],
  partial: [
    {
      name: 'a page with little text asks for JavaScript: a warning',
      snapshot: page(`<p>${words(100)}</p><noscript>Please enable JavaScript to view this site.</noscript>`),
      score: 0.4,
      check: ownSeverity,
    },
    {
      name: 'a content-rich page, in another language: a notice',
      snapshot: page(`<p>${words(400)}</p><noscript>Bitte JavaScript aktivieren.</noscript>`),
      score: 0.8,
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'a shell', snapshot: snapshot(SPA_SHELL) }],
});
