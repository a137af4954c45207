import { expect } from 'vitest';
import llmsFullTxtPresent from '../../../../shared/rules/ai-discovery/llms-full-txt.present.js';
import { resource, textFile } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { O, net, bare, rulesOwnSeverity } from './fixtures.js';

testRule(llmsFullTxtPresent, {
  passes: [{ name: 'Markdown', snapshot: bare({ llmsFullTxt: textFile(`${O}/llms-full.txt`, '# All\n\ntext', 'text/markdown') }) }],
  fails: [
    {
      name: "missing: the rule's notice",
      snapshot: bare(),
      check: (o) => {
        rulesOwnSeverity(o);
        expect(llmsFullTxtPresent.severity).toBe('notice');
      },
    },
    {
      name: 'an HTML page',
      snapshot: bare({ llmsFullTxt: resource(`${O}/llms-full.txt`, '<!DOCTYPE html><html></html>') }),
      title: 'llms-full.txt serves an HTML page',
    },
  ],
  notApplicable: [{ name: 'a network error', snapshot: bare({ llmsFullTxt: net(`${O}/llms-full.txt`) }) }],
});
