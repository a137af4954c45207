import fc from 'fast-check';
import { Parser, type Handler, type ParserOptions } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { createHtmlParser } from '../../../shared/facts/html-parser.js';
import { extractPageFacts } from '../../../shared/facts/page-facts.js';
import { pageReferencesOf } from '../../../shared/gather/script-refs.js';
import { parseSitemap } from '../../../shared/sitemap/parse.js';

/** Every event a parser emits, in order, as text. */
function events(make: (handler: Partial<Handler>, options: ParserOptions) => Parser, input: string, options: ParserOptions): string[] {
  const out: string[] = [];
  const parser = make(
    {
      onopentag: (name, attrs, implied) => void out.push(`open ${name} ${JSON.stringify(attrs)} ${implied}`),
      onclosetag: (name, implied) => void out.push(`close ${name} ${implied}`),
      ontext: (text) => void out.push(`text ${text}`),
      oncomment: (text) => void out.push(`comment ${text}`),
      onprocessinginstruction: (name, data) => void out.push(`pi ${name} ${data}`),
    },
    options,
  );
  parser.write(input);
  parser.end();
  return out;
}
const stock = (handler: Partial<Handler>, options: ParserOptions) => new Parser(handler, options);

// Tags that exercise implied closes (p, li, option, td, tr), void elements, foreign content (svg, math,
// and back to HTML inside foreignObject), self-closing forms, raw-text elements and stray end tags.
const TAGS = [
  'div',
  'p',
  'li',
  'ul',
  'option',
  'select',
  'td',
  'tr',
  'table',
  'b',
  'i',
  'br',
  'img',
  'svg',
  'path',
  'math',
  'mi',
  'foreignObject',
  'script',
  'title',
  'dd',
  'dt',
  'h1',
  'a',
];
const token = fc.oneof(
  fc.constantFrom(...TAGS).map((t) => `<${t}>`),
  fc.constantFrom(...TAGS).map((t) => `</${t}>`),
  fc.constantFrom(...TAGS).map((t) => `<${t}/>`),
  fc.constantFrom(...TAGS).map((t) => `<${t} class="x" id=y>`),
  fc.constantFrom('text', ' ', 'a &amp; b', '<!-- note -->', '<?xml version="1.0"?>', '<![CDATA[x]]>', '<', '>'),
);
const soup = fc.array(token, { maxLength: 80 }).map((parts) => parts.join(''));

describe('createHtmlParser', () => {
  it('emits exactly the stock parser events on any tag soup (HTML and XML modes)', () => {
    const html: ParserOptions = { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true };
    const xml: ParserOptions = { xmlMode: true, decodeEntities: true };
    fc.assert(
      fc.property(soup, (input) => {
        expect(events(createHtmlParser, input, html)).toEqual(events(stock, input, html));
        expect(events(createHtmlParser, input, xml)).toEqual(events(stock, input, xml));
      }),
      { numRuns: 500 },
    );
  });

  it('resets cleanly for a second document', () => {
    const out: string[] = [];
    const parser = createHtmlParser({ onclosetag: (name) => void out.push(name) }, {});
    parser.parseComplete('<div><span><b>');
    parser.parseComplete('<p>x</p>');
    expect(out).toEqual(['b', 'span', 'div', 'p']);
  });
});

describe('deep nesting and stray end tags are linear work', () => {
  // With the stock parser each of these takes from seconds to minutes of blocked event loop.
  const depth = 200_000;
  const deep = `${'<div>'.repeat(depth)}deep words here${'</span>'.repeat(depth)}${'</div>'.repeat(depth)}`;

  it('page facts see every level and every word', () => {
    const facts = extractPageFacts(deep, 'https://example.com/');
    expect(facts.maxDepth).toBe(depth);
    expect(facts.wordCount).toBe(3);
  });

  it('script references are found below the deep part', () => {
    const html = `${'<svg>'.repeat(depth)}${'</g>'.repeat(depth)}${'</svg>'.repeat(depth)}<script src="/app.js"></script>`;
    const refs = pageReferencesOf(extractPageFacts(html, 'https://example.com/'), 'https://example.com/').scripts;
    expect(refs.map((r) => r.url)).toEqual(['https://example.com/app.js']);
  });

  it('a deeply nested sitemap is parsed to its end', () => {
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc></url>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</urlset>`;
    expect(parseSitemap(xml).entries).toEqual([{ loc: 'https://example.com/a', lastmod: null }]);
  });
});
