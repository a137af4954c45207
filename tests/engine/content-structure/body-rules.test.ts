import { expect } from 'vitest';
import contentImageAlt from '../../../shared/rules/content-structure/content.image-alt.js';
import contentLandmarks from '../../../shared/rules/content-structure/content.landmarks.js';
import contentListsTables from '../../../shared/rules/content-structure/content.lists-tables.js';
import contentLinkText from '../../../shared/rules/content-structure/content.link-text.js';
import contentParagraphLength from '../../../shared/rules/content-structure/content.paragraph-length.js';
import { testRule } from '../rule-tester.js';
import { page, paragraphs, words } from '../../helpers/snapshot.js';
import type { RuleOutcome } from '../../../shared/judge/rule.js';

/** The rule's own severity applies: the outcome does not override it. */
const ownSeverity = (o: RuleOutcome) => expect(o.severity).toBeUndefined();

testRule(contentImageAlt, {
  passes: [
    {
      name: 'described images; decorative ones (alt="", role=presentation) are ignored',
      snapshot: page('<img src="a.jpg" alt="A jar of cold brew"><img src="b.svg" alt=""><img src="c.png" role="presentation">'),
    },
    { name: 'a figcaption counts as a description', snapshot: page('<figure><img src="a.jpg"><figcaption>The jar</figcaption></figure>') },
  ],
  partial: [
    {
      name: 'credit for the share described; file names and placeholders do not count',
      snapshot: page('<img src="a.jpg" alt="A jar"><img src="b.jpg"><img src="c.jpg" alt="IMG_2041.jpg"><img src="d.jpg" alt="image">'),
      score: 0.25,
      detail: '3 of 4',
      check: ownSeverity,
    },
    {
      name: 'only a notice when most images are described',
      snapshot: page(`${Array.from({ length: 9 }, (_, i) => `<img src="${i}.jpg" alt="Photo of step ${i}">`).join('')}<img src="x.jpg">`),
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'no informative image', snapshot: page('<p>no images</p><img src="d.svg" alt="">') }],
});

testRule(contentLandmarks, {
  passes: ['<main><p>x</p></main>', '<article><p>x</p></article>', '<div role="main"><p>x</p></div>'].map((html) => ({
    name: html,
    snapshot: page(html),
  })),
  fails: [{ name: 'a page of bare divs', snapshot: page('<div><p>x</p></div>') }],
});

testRule(contentListsTables, {
  passes: [
    { name: 'long content with a list', snapshot: page(`<p>${words(400)}</p><ol><li>a</li><li>b</li></ol>`) },
    { name: 'long content with a table', snapshot: page(`<p>${words(400)}</p><table><tr><td>a</td></tr><tr><td>b</td></tr></table>`) },
  ],
  partial: [
    {
      name: 'menus, footers and one-item lists do not count',
      snapshot: page(
        `<nav><ul><li>Home</li><li>About</li></ul></nav><main><p>${words(900)}</p><ul><li>only</li></ul></main><footer><ul><li>a</li><li>b</li></ul></footer>`,
      ),
      score: 0.4,
      detail: /\d+ words/,
      check: ownSeverity,
    },
    { name: 'medium-length content: a notice', snapshot: page(`<p>${words(400)}</p>`), severity: 'notice' },
  ],
  notApplicable: [{ name: 'under 300 words', snapshot: page(`<p>${words(200)}</p>`) }],
});

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

testRule(contentParagraphLength, {
  passes: [
    { name: 'short paragraphs under regular headings', snapshot: page(`<h2>A</h2>${paragraphs(4, 80)}<h2>B</h2>${paragraphs(4, 80)}`) },
    {
      name: 'text in menus and footers does not count',
      snapshot: page(`<h2>A</h2>${paragraphs(2, 100)}<footer><p>${words(400)}</p></footer>`),
    },
  ],
  partial: [
    {
      name: 'a paragraph over 150 words: credit by the share of text in long paragraphs',
      snapshot: page(`<h2>A</h2>${paragraphs(3, 80)}<p>${words(240)}</p>`),
      detail: '1 paragraph is longer than 150 words (longest 240)',
      check: (o) => expect(o.score).toBeGreaterThan(0.2),
    },
    {
      name: 'a long stretch without headings, even in short paragraphs',
      snapshot: page(`<h2>A</h2>${paragraphs(15, 100)}`),
      detail: '1500 words without a heading',
    },
  ],
  notApplicable: [{ name: 'a short page', snapshot: page(`<p>${words(100)}</p>`) }],
});
