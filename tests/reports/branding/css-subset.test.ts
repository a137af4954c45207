/**
 * The CSS a stored logo keeps: an allow-list, re-serialised. External references in every spelling CSS allows
 * (escapes, image-set(), escaped @import, @font-face) are gone from style elements, style attributes and
 * presentation attributes; the styling a logo needs stays.
 */
import { describe, expect, it } from 'vitest';
import { cleanDeclarations, cleanStylesheet, isSafeCssValue } from '../../../server/reports/branding/css-subset.js';
import { sanitizeSvg } from '../../../server/reports/branding/sanitize-svg.js';

const SVG = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

/** Every way CSS can name a URL or load something: none may survive. */
const EXTERNAL = /url|image|import|src|\\|evil|@font|@namespace|expression/i;

describe('cleanStylesheet', () => {
  it('keeps rules of presentation properties with plain values, url(#id), and @media around them', () => {
    const css =
      '.a { fill: #0f766e; stroke: rgb(1, 2, 3); stroke-width: 1.5px } /* brand */\n' +
      "#b, text > tspan:first-child { font-family: 'Open Sans', sans-serif; font-weight: 700 !important }\n" +
      'rect[data-x="y"] { fill: url(#g); transform: rotate(45deg) translate(1px, 2px); opacity: calc((1 - 0.2) * 1) }\n' +
      '@media (prefers-color-scheme: dark) { .a { fill: #ffffff } }';
    expect(cleanStylesheet(css)).toBe(
      '.a{fill:#0f766e;stroke:rgb(1, 2, 3);stroke-width:1.5px}' +
        "#b, text > tspan:first-child{font-family:'Open Sans', sans-serif;font-weight:700 !important}" +
        'rect[data-x="y"]{fill:url(#g);transform:rotate(45deg) translate(1px, 2px);opacity:calc((1 - 0.2) * 1)}' +
        '@media (prefers-color-scheme: dark){.a{fill:#ffffff}}',
    );
  });

  it.each([
    ['an escaped url(', 'rect { fill: u\\72l(https://evil.example/f.svg#p) }'],
    ['an escaped function name', 'rect { fill: \\75 rl(//evil.example/x) }'],
    ['image-set()', 'rect { fill: image-set("https://evil.example/a.png" 1x) }'],
    ['-webkit-image-set()', 'rect { fill: -webkit-image-set(url(https://evil.example/a.png) 1x) }'],
    ['url() to the outside', "rect { fill: url('https://evil.example/x') }"],
    ['url() with a fragment of another file', 'rect { fill: url(other.svg#g) }'],
    ['an escaped @import', '@\\69mport "https://evil.example/a.css"; rect { fill: red }'],
    ['@import', '@import url(https://evil.example/a.css); rect { fill: red }'],
    ['@import inside @media', '@media screen { @import "https://evil.example/a.css"; rect { fill: red } }'],
    ['@font-face', '@font-face { font-family: x; src: url(https://evil.example/f.woff) } text { font-family: x }'],
    ['@namespace', '@namespace url(https://evil.example/ns); rect { fill: red }'],
    [
      'a property off the list',
      'rect { background-image: linear-gradient(red, blue); cursor: url(https://evil.example/c.cur), auto; fill: red }',
    ],
    ['a custom property', 'rect { --x: url(https://evil.example/y); fill: red }'],
    ['an escape in a selector', 'r\\65 ct { fill: red } rect { fill: red }'],
    ['a comment inside a function name', 'rect { fill: ur/**/l(https://evil.example/x); stroke: red }'],
    ['a string that hides a brace', "rect { font-family: '}'; fill: red } a{fill:url(https://evil.example/z)}"],
    ['a nested rule', 'rect { & g { fill: url(https://evil.example/x) } fill: red }'],
    ['expression()', 'rect { fill: expression(alert(1)); stroke: red }'],
  ])('drops %s', (_, css) => {
    const out = cleanStylesheet(css);
    expect(out).not.toMatch(EXTERNAL);
    expect(out).not.toContain('evil');
  });

  it('keeps the safe rules around the ones it drops', () => {
    expect(cleanStylesheet('@import "x.css"; .a{fill:red} .b{fill:u\\72l(x)} .c{stroke:blue}')).toBe('.a{fill:red}.c{stroke:blue}');
    expect(cleanStylesheet('.a{fill:red;cursor:url(x.cur);stroke:blue}')).toBe('.a{fill:red;stroke:blue}');
  });

  it('takes time in proportion to its text: url( and 200,000 spaces, unclosed blocks, unclosed comments', () => {
    expect(cleanStylesheet(`rect{fill:url(${' '.repeat(200_000)}}`)).toBe('');
    expect(cleanStylesheet(`${'a{'.repeat(50_000)}`)).toBe('');
    expect(cleanStylesheet(`a{fill:red}${'/*'.repeat(50_000)}`)).toBe('a{fill:red}');
    expect(isSafeCssValue('url('.repeat(50_000))).toBe(false);
  });
});

describe('cleanDeclarations and isSafeCssValue', () => {
  it('keeps the safe declarations of a style attribute', () => {
    expect(cleanDeclarations('fill: url(#g); stroke: url(https://evil.example/x); opacity: .5; behavior: url(x.htc)')).toBe(
      'fill:url(#g);opacity:.5',
    );
  });

  it.each([
    ['#123456', true],
    ['url(#g)', true],
    ["url('#g')", true],
    ['translate(10 20) rotate(45)', true],
    ['Logo (blue)', true],
    ['url(https://evil.example/x)', false],
    ['u\\72l(#g)', false],
    ['image-set("a.png" 1x)', false],
    ['url(#g) url(', false],
    ['red; background: url(x)', false],
  ])('%s: %s', (value, safe) => {
    expect(isSafeCssValue(value)).toBe(safe);
  });
});

describe('a sanitised logo', () => {
  it('keeps no external reference in any spelling, in style elements, style attributes and presentation attributes', () => {
    const out = sanitizeSvg(
      SVG(
        '<style>@\\69mport "https://evil.example/a.css"; .a { fill: u\\72l(https://evil.example/f#p) } .b { fill: image-set("https://evil.example/i.png" 1x) } .c { fill: #123456 }</style>' +
          '<rect class="a b c" width="1" height="1" style="fill: u\\72l(//evil.example/y); stroke: #654321"/>' +
          '<rect width="1" height="1" fill="u\\72l(https://evil.example/z)" stroke="image-set(&quot;https://evil.example/w.png&quot; 1x)" opacity="0.5"/>' +
          '<rect width="1" height="1" filter="url(#f)" transform="rotate(45)"/>',
      ),
    );
    expect(out).not.toMatch(/evil|import|image-set|\\/);
    expect(out).toContain('.c{fill:#123456}');
    expect(out).toContain('style="stroke:#654321"');
    expect(out).toContain('opacity="0.5"');
    expect(out).toContain('filter="url(#f)"');
    expect(out).toContain('transform="rotate(45)"');
  });

  it('answers a style with url( and 5,400 spaces at once, without the reference', () => {
    const out = sanitizeSvg(SVG(`<style>rect{fill:url(${' '.repeat(5_400)}}</style><rect width="10" height="10"/>`));
    expect(out).not.toMatch(/url/);
    expect(out).toContain('<rect width="10" height="10"/>');
  });
});
