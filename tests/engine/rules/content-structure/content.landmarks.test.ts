import contentLandmarks from '../../../../shared/rules/content-structure/content.landmarks.js';
import { testRule } from '../../rule-tester.js';
import { page } from '../../../helpers/snapshot.js';

testRule(contentLandmarks, {
  passes: ['<main><p>x</p></main>', '<article><p>x</p></article>', '<div role="main"><p>x</p></div>'].map((html) => ({
    name: html,
    snapshot: page(html),
  })),
  fails: [{ name: 'a page of bare divs', snapshot: page('<div><p>x</p></div>') }],
});
