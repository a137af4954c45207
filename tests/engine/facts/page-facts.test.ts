import { describe, expect, it } from 'vitest';
import { extractPageFacts, countWords } from '../../../shared/facts/page-facts.js';

const BASE = 'https://example.com/blog/post';

describe('extractPageFacts', () => {
  const html = `<!doctype html><html lang="en-GB"><head><title>Caf&eacute; &amp; bar</title>
<meta name="Description" content="d1"><meta property="og:title" content="T"><meta http-equiv="Content-Security-Policy" content="x">
<link rel="Canonical Alternate" href="/canon"><script src="/a.js"></script><script type="application/ld+json">{"@type":"Article"}</script></head>
<body class="home"><div id="__next"><header>Site</header><h1>Main <span>title</span></h1>
<p>Intro with <a href="../about" rel="author">About <script>var hidden = 1</script>us</a>.</p>
<h2>What is it?</h2><p>It is a thing.</p>
<figure><img src="i.png" alt="pic"><figcaption>cap</figcaption></figure><img src="j.png">
<form toolname="search" tooldescription="d"><input name="q" toolparamdescription="query"></form>
<noscript>Enable JS</noscript><time datetime="2024-01-01">Jan</time></div><!-- This is Squarespace. --></body></html>`;
  const f = extractPageFacts(html, BASE);

  it('reads head facts', () => {
    expect(f.lang).toBe('en-GB');
    expect(f.title).toBe('Café & bar');
    expect(f.metaByName.get('description')).toEqual(['d1']);
    expect(f.metaByProperty.get('og:title')).toEqual(['T']);
    expect(f.metaHttpEquiv.has('content-security-policy')).toBe(true);
    expect(f.links[0]).toMatchObject({ rel: ['canonical', 'alternate'], href: 'https://example.com/canon' });
  });

  it('keeps script text out of link text and visible text, but keeps inline script source', () => {
    expect(f.anchors[0]).toMatchObject({ href: 'https://example.com/about', text: 'About us', rel: ['author'] });
    expect(f.text).not.toContain('hidden');
    expect(f.scripts.map((s) => s.src)).toEqual(['https://example.com/a.js', null, null]);
    expect(f.scripts[1]!.text).toBe('{"@type":"Article"}');
    expect(f.scripts[2]!.text).toBe('var hidden = 1');
    expect(f.scripts[0]!.offset).toBe(html.indexOf('<script src="/a.js">'));
  });

  it('records headings with the text that follows them', () => {
    expect(f.headings).toEqual([
      { level: 1, text: 'Main title', following: 'Intro with About us .', region: 'content' },
      { level: 2, text: 'What is it?', following: 'It is a thing. cap Jan', region: 'content' },
    ]);
  });

  it('knows figure captions, forms, noscript, time, comments and the SPA root', () => {
    expect(f.images.map((i) => [i.alt, i.inFigureWithCaption])).toEqual([
      ['pic', true],
      [null, false],
    ]);
    expect(f.forms[0]!.attrs.toolname).toBe('search');
    expect(f.forms[0]!.controls[0]!.attrs.toolparamdescription).toBe('query');
    expect(f.noscriptTexts).toEqual(['Enable JS']);
    expect(f.times).toEqual([{ datetime: '2024-01-01', text: 'Jan' }]);
    expect(f.comments).toEqual(['This is Squarespace.']);
    expect(f.rootContainers[0]).toMatchObject({ id: '__next', tag: 'div' });
    expect(f.rootContainers[0]!.childElementCount).toBe(10);
    expect(f.rootContainers[0]!.textLength).toBeGreaterThan(40);
  });

  it('shares its pass with the content blocks', () => {
    expect(f.content.paragraphWords).toEqual([4, 4]);
    expect(f.content.contentAnchors.map((a) => a.href)).toEqual(['https://example.com/about']);
  });

  it('survives 100,000 levels of nesting without recursion', () => {
    const deep = '<div>'.repeat(100_000) + 'deep words here' + '</div>'.repeat(100_000);
    const facts = extractPageFacts(deep, BASE);
    expect(facts.maxDepth).toBe(100_000);
    expect(facts.wordCount).toBe(3);
  });

  it('counts a word split by an entity once', () => {
    expect(extractPageFacts('<p>caf&eacute; cr&egrave;me</p>', BASE).wordCount).toBe(2);
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['one two  three', 3],
    ["don't stop — it's well-known", 4],
    ['3.5 million', 3],
    ['日本語のテキスト', 8],
    ['naïve façade Ærø', 3],
    ['a\u00a0b', 2],
  ])('%j has %i words', (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});
