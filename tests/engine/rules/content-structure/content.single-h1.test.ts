import contentSingleH1 from '../../../../shared/rules/content-structure/content.single-h1.js';
import { snapshot, page } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { testRule } from '../../rule-tester.js';

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
