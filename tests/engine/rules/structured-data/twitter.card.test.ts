import twitterCard from '../../../../shared/rules/structured-data/twitter.card.js';
import { testRule } from '../../rule-tester.js';
import { page } from './fixtures.js';

testRule(twitterCard, {
  passes: [{ name: 'a valid card type', snapshot: page('<meta name="twitter:card" content="summary_large_image">') }],
  fails: [{ name: 'no card', snapshot: page('') }],
  partial: [{ name: 'an unknown card type earns half', snapshot: page('<meta name="twitter:card" content="large">'), score: 0.5 }],
});
