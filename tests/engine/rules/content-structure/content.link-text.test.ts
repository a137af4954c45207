import contentLinkText from '../../../../shared/rules/content-structure/content.link-text.js';
import { testRule } from '../../rule-tester.js';
import { page } from '../../../helpers/snapshot.js';
import { ownSeverity } from './fixtures.js';

const links = (texts: string[]) => page(texts.map((t, i) => `<a href="/p${i}">${t}</a>`).join(' '));

testRule(contentLinkText, {
  passes: [
    {
      name: 'descriptive links, with an occasional "read more"',
      snapshot: links([...Array.from({ length: 9 }, (_, i) => `Guide number ${i}`), 'Read more »']),
    },
  ],
  partial: [
    {
      name: 'credit by the share of generic links, quoted: a warning',
      snapshot: links(['Click here', 'read more', 'Here', 'Pricing for teams']),
      score: 0.25,
      severity: 'warning',
      detail: ['3 of 4', '"click here"'],
    },
    {
      name: "only some links generic: the rule's notice",
      snapshot: links(['Learn more', 'Cold brew guide', 'Grinder review', 'Water quality']),
      score: 0.75,
      check: ownSeverity,
    },
  ],
  notApplicable: [{ name: 'fewer than three text links', snapshot: links(['click here', 'here']) }],
});
