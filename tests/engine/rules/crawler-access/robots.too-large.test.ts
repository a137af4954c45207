import robotsTooLarge from '../../../../shared/rules/crawler-access/robots.too-large.js';
import { site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';

testRule(robotsTooLarge, {
  passes: [{ name: 'a small file', snapshot: site({ robots: 'User-agent: *\nDisallow:\n' }) }],
  fails: [
    {
      name: 'beyond the 500 KiB parse limit',
      snapshot: () => site({ robots: 'User-agent: *\n' + `# ${'x'.repeat(1000)}\n`.repeat(600) + 'Disallow: /\n' }),
      detail: /500 KiB/,
    },
  ],
});
