import { describe, expect, it } from 'vitest';
import imageAltRule from '../../../shared/rules/content-structure/content.image-alt.js';
import landmarksRule from '../../../shared/rules/content-structure/content.landmarks.js';
import listsTablesRule from '../../../shared/rules/content-structure/content.lists-tables.js';
import linkTextRule from '../../../shared/rules/content-structure/content.link-text.js';
import paragraphLengthRule from '../../../shared/rules/content-structure/content.paragraph-length.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';
import { page, paragraphs, words } from '../../helpers/snapshot.js';

describe('content.image-alt', () => {
  it('passes described images and ignores decorative ones', () => {
    const html = '<img src="a.jpg" alt="A jar of cold brew"><img src="b.svg" alt=""><img src="c.png" role="presentation">';
    expect(outcome(imageAltRule, page(html)).score).toBe(1);
  });

  it('counts a figcaption as a description', () => {
    expect(outcome(imageAltRule, page('<figure><img src="a.jpg"><figcaption>The jar</figcaption></figure>')).score).toBe(1);
  });

  it('gives credit for the share described; file names and placeholders do not count', () => {
    const html = '<img src="a.jpg" alt="A jar"><img src="b.jpg"><img src="c.jpg" alt="IMG_2041.jpg"><img src="d.jpg" alt="image">';
    const o = outcome(imageAltRule, page(html));
    expect(o.score).toBe(0.25);
    expect(o.detail).toContain('3 of 4');
    expect(o.severity).toBeUndefined();
  });

  it('is only a notice when most images are described', () => {
    const described = Array.from({ length: 9 }, (_, i) => `<img src="${i}.jpg" alt="Photo of step ${i}">`).join('');
    expect(outcome(imageAltRule, page(`${described}<img src="x.jpg">`)).severity).toBe('notice');
  });

  it('is not applicable without informative images', () => {
    expect(judge(imageAltRule, page('<p>no images</p><img src="d.svg" alt="">'))).toBe(NOT_APPLICABLE);
  });
});

describe('content.landmarks', () => {
  it.each(['<main><p>x</p></main>', '<article><p>x</p></article>', '<div role="main"><p>x</p></div>'])('passes %s', (html) => {
    expect(outcome(landmarksRule, page(html)).score).toBe(1);
  });

  it('fails a page of bare divs', () => {
    expect(outcome(landmarksRule, page('<div><p>x</p></div>')).score).toBe(0);
  });
});

describe('content.lists-tables', () => {
  it('passes long content with a list or a table in the content', () => {
    expect(outcome(listsTablesRule, page(`<p>${words(400)}</p><ol><li>a</li><li>b</li></ol>`)).score).toBe(1);
    expect(outcome(listsTablesRule, page(`<p>${words(400)}</p><table><tr><td>a</td></tr><tr><td>b</td></tr></table>`)).score).toBe(1);
  });

  it('does not count menus, footers or one-item lists', () => {
    const html = `<nav><ul><li>Home</li><li>About</li></ul></nav><main><p>${words(900)}</p><ul><li>only</li></ul></main><footer><ul><li>a</li><li>b</li></ul></footer>`;
    const o = outcome(listsTablesRule, page(html));
    expect(o.score).toBe(0.4);
    expect(o.severity).toBeUndefined();
    expect(o.detail).toMatch(/\d+ words/);
  });

  it('is a notice for medium-length content and not applicable under 300 words', () => {
    expect(outcome(listsTablesRule, page(`<p>${words(400)}</p>`)).severity).toBe('notice');
    expect(judge(listsTablesRule, page(`<p>${words(200)}</p>`))).toBe(NOT_APPLICABLE);
  });
});

describe('content.link-text', () => {
  const links = (texts: string[]) => texts.map((t, i) => `<a href="/p${i}">${t}</a>`).join(' ');

  it('passes descriptive links, tolerating an occasional "read more"', () => {
    const texts = [...Array.from({ length: 9 }, (_, i) => `Guide number ${i}`), 'Read more »'];
    expect(outcome(linkTextRule, page(links(texts))).score).toBe(1);
  });

  it('gives partial credit by the share of generic links and quotes them', () => {
    const o = outcome(linkTextRule, page(links(['Click here', 'read more', 'Here', 'Pricing for teams'])));
    expect(o.score).toBe(0.25);
    expect(o.detail).toContain('3 of 4');
    expect(o.detail).toContain('"click here"');
    expect(o.severity).toBe('warning');
  });

  it('is a notice when only some links are generic', () => {
    const o = outcome(linkTextRule, page(links(['Learn more', 'Cold brew guide', 'Grinder review', 'Water quality'])));
    expect(o.score).toBe(0.75);
    expect(o.severity).toBeUndefined();
  });

  it('is not applicable with fewer than three text links', () => {
    expect(judge(linkTextRule, page(links(['click here', 'here'])))).toBe(NOT_APPLICABLE);
  });
});

describe('content.paragraph-length', () => {
  it('passes short paragraphs under regular headings', () => {
    const html = `<h2>A</h2>${paragraphs(4, 80)}<h2>B</h2>${paragraphs(4, 80)}`;
    expect(outcome(paragraphLengthRule, page(html)).score).toBe(1);
  });

  it('flags paragraphs over 150 words with partial credit by the share of text in them', () => {
    const o = outcome(paragraphLengthRule, page(`<h2>A</h2>${paragraphs(3, 80)}<p>${words(240)}</p>`));
    expect(o.score).toBeLessThan(1);
    expect(o.score).toBeGreaterThan(0.2);
    expect(o.detail).toContain('1 paragraph is longer than 150 words (longest 240)');
  });

  it('flags a long stretch without headings even when paragraphs are short', () => {
    const o = outcome(paragraphLengthRule, page(`<h2>A</h2>${paragraphs(15, 100)}`));
    expect(o.score).toBeLessThan(1);
    expect(o.detail).toContain('1500 words without a heading');
  });

  it('does not count text in menus and footers, and is not applicable to short pages', () => {
    const html = `<h2>A</h2>${paragraphs(2, 100)}<footer><p>${words(400)}</p></footer>`;
    expect(outcome(paragraphLengthRule, page(html)).score).toBe(1);
    expect(judge(paragraphLengthRule, page(`<p>${words(100)}</p>`))).toBe(NOT_APPLICABLE);
  });
});
