/** SVG logos: hostile constructs removed (scripts, handlers, external references of every kind), the drawing kept. */
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../../server/reports/branding/sanitize-svg.js';

const wrap = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40"${attrs}>${inner}</svg>`;

/** No way left to run code or load anything from outside the file. */
function expectInert(svg: string): void {
  expect(svg).not.toMatch(/<script/i);
  expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
  expect(svg).not.toMatch(/javascript:/i);
  expect(svg).not.toMatch(/<foreignObject/i);
  expect(svg.replace(/xmlns(:\w+)?="[^"]*"/g, '')).not.toMatch(/(https?:)?\/\/[a-z0-9]/i); // no URL but the namespace declarations
  expect(svg).not.toMatch(/@import/i);
  expect(svg).not.toMatch(/url\(\s*['"]?(?!#)/i);
}

describe('sanitizeSvg', () => {
  it('keeps an ordinary logo: shapes, gradients by fragment, text, styles by class', () => {
    const logo = wrap(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#0f766e"/></linearGradient><style>.a{fill:#123456}</style></defs>' +
        '<rect class="a" width="100" height="40" fill="url(#g)"/><circle cx="20" cy="20" r="8"/><text x="40" y="25">Northwind</text>',
    );
    const out = sanitizeSvg(logo);
    expect(out).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(out).toContain('viewBox="0 0 100 40"');
    expect(out).toContain('<linearGradient id="g">');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('.a{fill:#123456}');
    expect(out).toContain('>Northwind</text>');
    expectInert(out);
  });

  it.each([
    ['a script element', wrap('<script>alert(1)</script><rect width="10" height="10"/>')],
    ['a script in the CDATA of a script', wrap('<script><![CDATA[fetch("https://evil.example/x")]]></script>')],
    ['event handler attributes', wrap('<rect width="10" height="10" onclick="alert(1)" onload="alert(2)"/>', ' onload="alert(3)"')],
    ['a javascript: link', wrap('<a href="javascript:alert(1)"><rect width="10" height="10"/></a>')],
    ['a javascript: xlink:href', wrap('<a xlink:href="javascript:alert(1)"><text>x</text></a>')],
    [
      'foreignObject with HTML',
      wrap(
        '<foreignObject width="100" height="40"><div xmlns="http://www.w3.org/1999/xhtml"><img src="https://evil.example/p.png" onerror="alert(1)"/></div></foreignObject>',
      ),
    ],
    ['use of an external file', wrap('<use href="https://evil.example/sprite.svg#logo"/><use xlink:href="//evil.example/s.svg#a"/>')],
    ['an external image', wrap('<image href="https://evil.example/track.png" width="10" height="10"/>')],
    [
      'a CSS url() to the outside in a style element',
      wrap(
        '<style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/f.svg#p); }</style><rect width="1" height="1"/>',
      ),
    ],
    [
      'a CSS url() in a style attribute',
      wrap('<rect width="1" height="1" style="fill: url(\'https://evil.example/x\'); background-image:url(//evil.example/y)"/>'),
    ],
    [
      'a presentation attribute with an external url()',
      wrap('<rect width="1" height="1" fill="url(https://evil.example/p.svg#g)" filter="url(http://evil.example/f#x)"/>'),
    ],
    [
      'animation that sets an href',
      wrap('<a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a><set attributeName="onmouseover" to="alert(1)"/>'),
    ],
    ['an iframe', wrap('<iframe src="https://evil.example/"></iframe>')],
    [
      'an external entity in the DOCTYPE',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${wrap('<text>&x;</text>')}`,
    ],
    ['xml:base pointing outside', wrap('<use href="#a"/>', ' xml:base="https://evil.example/"')],
  ])('removes %s', (_, svg) => {
    const out = sanitizeSvg(svg);
    expectInert(out);
    expect(out).toMatch(/^<svg/);
    expect(out).not.toContain('evil.example');
    expect(out).not.toContain('/etc/passwd');
  });

  it('keeps an embedded PNG or JPEG, and drops any other data: URL', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const out = sanitizeSvg(
      wrap(
        `<image href="${png}" width="10" height="10"/><image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/><image href="data:text/html,<script>alert(1)</script>"/>`,
      ),
    );
    expect(out).toContain(`href="${png}"`);
    expect(out).not.toContain('data:image/svg+xml');
    expect(out).not.toContain('data:text/html');
  });

  it('refuses what is not one SVG element', () => {
    expect(() => sanitizeSvg('<html><body>hi</body></html>')).toThrow(/one <svg> element/);
    expect(() => sanitizeSvg('')).toThrow(/one <svg> element/);
    expect(() => sanitizeSvg(`${wrap('<rect/>')}${wrap('<circle/>')}`)).toThrow(/one <svg> element/);
  });
});
