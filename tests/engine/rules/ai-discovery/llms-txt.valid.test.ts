import llmsTxtValid from '../../../../shared/rules/ai-discovery/llms-txt.valid.js';
import { resource } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { O, bare, llms } from './fixtures.js';

testRule(llmsTxtValid, {
  passes: [{ name: 'a clean file', snapshot: llms('# S\n\n> Sum\n\n## Docs\n\n- [A](/a): n\n') }],
  partial: [
    {
      name: 'warnings only: valid, a notice with most credit',
      snapshot: llms('# S\n\n## Docs\n\n- [A](/a)\n'),
      score: 0.8,
      severity: 'notice',
      detail: /no blockquote summary/,
    },
    {
      name: 'invalid: the problems are listed with line numbers',
      snapshot: llms('# S\n\n### Guides\n\n## Docs\n\n- [A](docs/a.md)\n- [B](/b)\n'),
      score: 0.4,
      detail: [/Line 3: H3 heading/, /Line 7: "docs\/a.md" is a relative URL/],
    },
  ],
  fails: [{ name: 'invalid with no usable link', snapshot: llms('Just some text\n') }],
  notApplicable: [
    { name: 'no text file', snapshot: bare() },
    { name: 'an HTML page', snapshot: bare({ llmsTxt: resource(`${O}/llms.txt`, '<html></html>') }) },
  ],
});
