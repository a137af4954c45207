import { describe, expect, it } from 'vitest';
import { extractContentBlocks } from '../../../shared/facts/content-blocks.js';

const base = 'https://example.com/blog/post';

describe('extractContentBlocks', () => {
  it('counts words per paragraph, closing implied paragraphs', () => {
    const b = extractContentBlocks('<p>one two three<p>four five<div>six</div>', base);
    expect(b.paragraphWords).toEqual([3, 2]);
  });

  it('splits sections at headings, leaving heading text out', () => {
    const b = extractContentBlocks('<p>intro words</p><h2>Title here</h2><p>a b c</p><h3>Sub</h3><p>d</p>', base);
    expect(b.sectionWords).toEqual([2, 3, 1]);
  });

  it('keeps navigation, banners, footers and asides out, but not an article header', () => {
    const html = `<header><ul><li>a</li><li>b</li></ul><a href="https://x.org/">x</a></header>
      <main><article><header><p class="byline">By Ada</p><a href="https://ref.org/a">ref</a></header>
      <ul><li>1</li><li>2</li></ul></article></main>
      <aside><table><tr><td>1</td></tr><tr><td>2</td></tr></table></aside><div role="contentinfo"><a href="https://y.org/">y</a></div>`;
    const b = extractContentBlocks(html, base);
    expect(b.contentLists).toBe(1);
    expect(b.contentTables).toBe(0);
    expect(b.contentAnchors).toEqual([{ href: 'https://ref.org/a', text: 'ref' }]);
    expect(b.bylines).toEqual(['By Ada']);
  });

  it('resolves links against the page and keeps only http(s)', () => {
    const b = extractContentBlocks('<a href="../about">About</a><a href="mailto:a@b.c">m</a><a href="javascript:void 0">j</a>', base);
    expect(b.contentAnchors).toEqual([{ href: 'https://example.com/about', text: 'About' }]);
  });

  it('ignores text in scripts and comment-author bylines', () => {
    const b = extractContentBlocks('<p>a <script>var x = "b c d"</script> e</p><span class="comment-author">Bob</span>', base);
    expect(b.paragraphWords).toEqual([2]);
    expect(b.bylines).toEqual([]);
  });
});
