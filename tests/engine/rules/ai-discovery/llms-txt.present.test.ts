import llmsTxtPresent from '../../../../shared/rules/ai-discovery/llms-txt.present.js';
import { resource } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { O, net, bare, llms } from './fixtures.js';

testRule(llmsTxtPresent, {
  passes: [{ name: 'a text file, even an imperfect one (validity is the next rule)', snapshot: llms('no heading') }],
  fails: [
    { name: 'missing: a notice', snapshot: bare(), severity: 'notice', detail: /no \/llms.txt \(HTTP 404\)/ },
    {
      name: 'an HTML page at /llms.txt: a warning',
      snapshot: bare({ llmsTxt: resource(`${O}/llms.txt`, '<!doctype html><div id="root"></div>') }),
      severity: 'warning',
      title: 'llms.txt serves an HTML page',
    },
    { name: 'a 5xx', snapshot: bare({ llmsTxt: resource(`${O}/llms.txt`, 'x', { status: 502 }) }), detail: /HTTP 502/ },
    { name: 'an empty file', snapshot: llms('\n'), title: 'llms.txt is empty' },
  ],
  notApplicable: [{ name: 'a network error', snapshot: bare({ llmsTxt: net(`${O}/llms.txt`) }) }],
});
