import { describe, expect, it } from 'vitest';
import markdownNegotiation from '../../../../shared/rules/ai-discovery/markdown.negotiation.js';
import { resource } from '../../../helpers/snapshot.js';
import { outcome, testRule } from '../../rule-tester.js';
import { URL_, md, site } from './agent-web.js';
import { O, net, bare, withHead } from './fixtures.js';

const markdownAnswer = (headers: Record<string, string>, body = '# Title\n\nText') => resource(`${O}/`, body, { headers });
const htmlPage = (vary?: string) => resource(`${O}/`, '<p>x</p>', { headers: { 'content-type': 'text/html', ...(vary ? { vary } : {}) } });

testRule(markdownNegotiation, {
  passes: [
    {
      name: 'Markdown with Vary: Accept on both responses',
      snapshot: bare({
        page: htmlPage('Accept-Encoding, Accept'),
        markdown: markdownAnswer({ 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' }),
      }),
    },
  ],
  partial: [
    {
      name: 'Markdown without Vary: Accept: a warning',
      snapshot: bare({ page: htmlPage(), markdown: markdownAnswer({ 'content-type': 'text/markdown' }) }),
      score: 0.6,
      severity: 'warning',
      detail: /neither response sends Vary: Accept/,
    },
    {
      name: 'only an alternate Markdown link: half credit',
      snapshot: withHead(`<link rel="alternate" type="text/markdown" href="/index.md">`),
      score: 0.5,
    },
  ],
  fails: [
    {
      name: 'HTML in answer to Accept: text/markdown: a notice',
      snapshot: bare(),
      detail: /the page answers text\/html/,
      check: () => expect(markdownNegotiation.severity).toBe('notice'),
    },
    {
      name: 'a text/markdown label on an HTML body does not count',
      snapshot: bare({ markdown: markdownAnswer({ 'content-type': 'text/markdown' }, '<!doctype html><p>x</p>') }),
    },
  ],
  notApplicable: [
    { name: 'the markdown fetch was not made', snapshot: bare({ markdown: null }) },
    { name: 'the markdown fetch failed', snapshot: bare({ markdown: net(`${O}/`) }) },
  ],
});

describe('a .md mirror earns the Markdown rules partial credit', () => {
  const snap = site({ markdownMirror: md(`${URL_}.md`, { 'content-type': 'text/plain; charset=utf-8' }) });
  it('negotiation: partial, naming the mirror', () => {
    const o = outcome(markdownNegotiation, snap);
    expect(o.score).toBe(0.5);
    expect(o.detail).toMatch(/publishes a Markdown version at https:\/\/example.com\/docs\/intro.md/);
  });
});
