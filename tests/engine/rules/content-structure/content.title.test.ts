import { describe, expect, it } from 'vitest';
import contentTitle from '../../../../shared/rules/content-structure/content.title.js';
import { resource, snapshot } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { outcome, testRule } from '../../rule-tester.js';
import { doc } from './fixtures.js';

const title = (text: string) => doc(`<title>${text}</title>`);
const pdf = () =>
  snapshot('', { page: resource('https://example.com/', '', { binary: true, headers: { 'content-type': 'application/pdf' } }) });

testRule(contentTitle, {
  passes: [
    { name: 'a specific title', snapshot: title('Cold brew coffee: a guide') },
    { name: 'exactly 10 characters', snapshot: title('x'.repeat(10)) },
    { name: 'exactly 70 characters', snapshot: title('x'.repeat(70)) },
  ],
  fails: [
    { name: 'no title', snapshot: doc('') },
    { name: 'an empty title', snapshot: title('  ') },
  ],
  partial: [
    { name: 'a short title says how short', snapshot: title('Blog'), detail: '4 characters' },
    {
      name: 'a long title: a notice that keeps most credit',
      snapshot: title(`${'word '.repeat(16)}end`),
      severity: 'notice',
      check: (o) => expect(o.score).toBeGreaterThanOrEqual(0.7),
    },
    { name: 'a framework default is generic', snapshot: title('React App'), score: 0.4, title: 'Generic page title' },
    { name: 'a second <title>', snapshot: doc('<title>Cold brew coffee: a guide</title><title>Other</title>'), score: 0.9 },
    { name: 'the head of a JavaScript shell is still judged', snapshot: snapshot(SPA_SHELL), score: 0.4 },
  ],
  notApplicable: [{ name: 'a non-HTML response (a PDF)', snapshot: pdf }],
});

describe('content.title credit', () => {
  it('falls the shorter a short title is', () => {
    const nine = outcome(contentTitle, title('x'.repeat(9)));
    const four = outcome(contentTitle, title('Blog'));
    expect(nine.score).toBeLessThan(1);
    expect(four.score).toBeLessThan(nine.score);
  });
});
