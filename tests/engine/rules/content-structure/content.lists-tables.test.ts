import contentListsTables from '../../../../shared/rules/content-structure/content.lists-tables.js';
import { testRule } from '../../rule-tester.js';
import { page, words } from '../../../helpers/snapshot.js';
import { ownSeverity } from './fixtures.js';

testRule(contentListsTables, {
  passes: [
    { name: 'long content with a list', snapshot: page(`<p>${words(400)}</p><ol><li>a</li><li>b</li></ol>`) },
    { name: 'long content with a table', snapshot: page(`<p>${words(400)}</p><table><tr><td>a</td></tr><tr><td>b</td></tr></table>`) },
  ],
  partial: [
    {
      name: 'menus, footers and one-item lists do not count',
      snapshot: page(
        `<nav><ul><li>Home</li><li>About</li></ul></nav><main><p>${words(900)}</p><ul><li>only</li></ul></main><footer><ul><li>a</li><li>b</li></ul></footer>`,
      ),
      score: 0.4,
      detail: /\d+ words/,
      check: ownSeverity,
    },
    { name: 'medium-length content: a notice', snapshot: page(`<p>${words(400)}</p>`), severity: 'notice' },
  ],
  notApplicable: [{ name: 'under 300 words', snapshot: page(`<p>${words(200)}</p>`) }],
});
