import { expect } from 'vitest';
import optoutAipref from '../../../../shared/rules/crawler-access/optout.aipref.js';
import { site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { withHeaders } from './fixtures.js';

testRule(optoutAipref, {
  passes: [
    { name: 'allowing preferences', snapshot: site({ robots: 'User-agent: *\nContent-Usage: / train-ai=y\n' }) },
    { name: 'labels the vocabulary dropped are ignored', snapshot: withHeaders({ 'content-usage': 'ai-use=n, train-genai=n' }) },
  ],
  fails: [
    {
      name: 'Content-Usage train-ai=n in robots.txt: a zero-weight notice',
      snapshot: site({ robots: 'User-agent: *\nAllow: /\nContent-Usage: / train-ai=n\n' }),
      detail: ['robots.txt line 3', 'train-ai=n'],
      check: () => expect(optoutAipref.weight).toBe(0),
    },
    {
      name: 'the Content-Usage header',
      snapshot: withHeaders({ 'content-usage': 'train-ai=n, search=n' }),
      detail: ['the Content-Usage header', 'search=n'],
    },
  ],
  notApplicable: [{ name: 'no preference declared', snapshot: site() }],
});
