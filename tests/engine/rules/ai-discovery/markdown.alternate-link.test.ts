import { describe, expect, it } from 'vitest';
import markdownAlternateLink from '../../../../shared/rules/ai-discovery/markdown.alternate-link.js';
import { resource } from '../../../helpers/snapshot.js';
import { outcome, testRule } from '../../rule-tester.js';
import { URL_, md, site } from './agent-web.js';
import { O, bare, withHead } from './fixtures.js';

testRule(markdownAlternateLink, {
  passes: [
    { name: '<link rel=alternate type=text/markdown>', snapshot: withHead('<link rel="alternate" type="text/markdown" href="/page.md">') },
    {
      name: 'a Link header alternate',
      snapshot: bare({
        page: resource(`${O}/`, '<p>x</p>', {
          headers: { 'content-type': 'text/html', link: '</page.md>; rel="alternate"; type="text/markdown"' },
        }),
      }),
    },
  ],
  fails: [
    { name: 'no alternate', snapshot: bare() },
    { name: 'an alternate of another type', snapshot: withHead('<link rel="alternate" type="application/rss+xml" href="/feed">') },
  ],
  partial: [
    {
      name: 'Markdown negotiated but not linked: half credit',
      snapshot: bare({ markdown: resource(`${O}/`, '# x', { headers: { 'content-type': 'text/markdown' } }) }),
      score: 0.5,
    },
  ],
});

describe('a .md mirror earns the Markdown rules partial credit', () => {
  const snap = site({ markdownMirror: md(`${URL_}.md`, { 'content-type': 'text/plain; charset=utf-8' }) });
  it('alternate link: partial, asking to link it', () => {
    const o = outcome(markdownAlternateLink, snap);
    expect(o.score).toBe(0.5);
    expect(o.detail).toMatch(/has a Markdown version at .*intro.md but does not advertise it/);
  });
});
