import robotsSyntax from '../../../../shared/rules/crawler-access/robots.syntax.js';
import { site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';

testRule(robotsSyntax, {
  passes: [{ name: 'clean lines', snapshot: site({ robots: 'User-agent: *\nDisallow: /tmp\n' }) }],
  partial: [
    {
      name: 'problems reported with line numbers',
      snapshot: site({ robots: 'User-agent: *\nDisalow: /tmp\nDisallow private\n' }),
      score: 0.5,
      detail: [/line 2: "disalow" is a misspelling/, /line 3/],
    },
  ],
});
