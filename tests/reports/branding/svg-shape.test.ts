/** The structural limits an SVG logo is checked against before any parser sees it: depth, nodes, attributes. */
import { describe, expect, it } from 'vitest';
import {
  shapeMessage,
  SVG_MAX_ATTRIBUTES,
  SVG_MAX_DEPTH,
  SVG_MAX_NODES,
  svgShapeProblem,
} from '../../../server/reports/branding/svg-shape.js';
import { sanitizeSvg } from '../../../server/reports/branding/sanitize-svg.js';

const SVG = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;
const nested = (levels: number, open = '<g>', close = '</g>') => SVG(`${open.repeat(levels)}<rect/>${close.repeat(levels)}`);
const TOO_DEEP = { limit: 'depth', max: SVG_MAX_DEPTH };

describe('svgShapeProblem', () => {
  it('passes an ordinary logo, and groups nested up to the limit (the <svg> counts as one level)', () => {
    expect(
      svgShapeProblem(
        `<?xml version="1.0"?><!-- made by hand --><!DOCTYPE svg>${SVG('<defs><linearGradient id="g"><stop offset="0"/></linearGradient><style>.a{fill:#123}</style></defs><g class="a"><path d="M0 0h1"/><text>Northwind</text></g>')}`,
      ),
    ).toBeNull();
    expect(svgShapeProblem(nested(SVG_MAX_DEPTH - 1))).toBeNull();
    expect(svgShapeProblem(nested(SVG_MAX_DEPTH))).toEqual(TOO_DEEP);
  });

  it('refuses 20,000 nested groups, with a sentence that says so', () => {
    const problem = svgShapeProblem(nested(20_000));
    expect(problem).toEqual(TOO_DEEP);
    expect(shapeMessage(problem!)).toBe(`logo: the SVG nests elements more than ${SVG_MAX_DEPTH} deep; flatten its groups`);
    expect(() => sanitizeSvg(nested(20_000))).toThrow(/nests elements more than 64 deep/);
  });

  it('is not fooled by stray end tags, which an HTML parser ignores', () => {
    expect(svgShapeProblem(nested(100, '<g></x>', '</g>'))).toEqual(TOO_DEEP);
    expect(svgShapeProblem(nested(100, '<g></rect>', '</g>'))).toEqual(TOO_DEEP);
  });

  it('counts an end tag as closing what is open inside it', () => {
    // Each </a> closes the <g> opened inside its <a>: the depth stays at two.
    expect(svgShapeProblem(SVG('<a><g></a>'.repeat(500)))).toBeNull();
  });

  it('trusts `/>` only inside <svg>, before any HTML element that would end SVG content', () => {
    expect(svgShapeProblem(SVG('<g/>'.repeat(200)))).toBeNull();
    // After <p> an HTML parser is out of SVG content: each <g/> opens an element inside the last one.
    expect(svgShapeProblem(SVG(`<p></p>${'<g/>'.repeat(200)}`))).toEqual(TOO_DEEP);
    expect(svgShapeProblem(`<div>${SVG('<g/>'.repeat(200))}</div>`)).toEqual(TOO_DEEP);
    expect(svgShapeProblem(SVG(`<foreignObject>${'<div/>'.repeat(200)}</foreignObject>`))).toEqual(TOO_DEEP);
    // A `/` in an unquoted value belongs to the value: the tag does not close itself.
    expect(svgShapeProblem(SVG('<g a=/>'.repeat(200)))).toEqual(TOO_DEEP);
  });

  it('reads quoted values that hold `>` and `<` as values, and comments and declarations as HTML ends them', () => {
    expect(svgShapeProblem(SVG('<g data-x="><g><g>"/>'.repeat(200)))).toBeNull();
    // `--!>` ends a comment in HTML: the groups after it are markup.
    expect(svgShapeProblem(SVG(`<!-- x --!>${'<g>'.repeat(100)}-->`))).toEqual(TOO_DEEP);
    // A DOCTYPE ends at its first `>` in HTML, internal subset or not.
    expect(svgShapeProblem(`<!DOCTYPE svg [ <!ENTITY x "y"> ]>${nested(100)}`)).toEqual(TOO_DEEP);
    expect(svgShapeProblem(`<!DOCTYPE svg [>${nested(100)}]>`)).toEqual(TOO_DEEP);
  });

  it('refuses more than 10,000 elements and comments, and an element with more than 100 attributes', () => {
    expect(svgShapeProblem(SVG('<rect/>'.repeat(SVG_MAX_NODES - 1)))).toBeNull();
    expect(svgShapeProblem(SVG('<rect/>'.repeat(SVG_MAX_NODES)))).toEqual({ limit: 'nodes', max: SVG_MAX_NODES });
    expect(svgShapeProblem(SVG('<!---->'.repeat(SVG_MAX_NODES)))).toEqual({ limit: 'nodes', max: SVG_MAX_NODES });
    expect(svgShapeProblem(SVG('<!x>'.repeat(SVG_MAX_NODES)))).toEqual({ limit: 'nodes', max: SVG_MAX_NODES });
    const attrs = (n: number) => SVG(`<g ${Array.from({ length: n }, (_, i) => `a${i}="1"`).join(' ')}/>`);
    expect(svgShapeProblem(attrs(SVG_MAX_ATTRIBUTES))).toBeNull();
    expect(svgShapeProblem(attrs(SVG_MAX_ATTRIBUTES + 1))).toEqual({ limit: 'attributes', max: SVG_MAX_ATTRIBUTES });
    expect(shapeMessage({ limit: 'nodes', max: SVG_MAX_NODES })).toBe(
      'logo: the SVG has more than 10,000 elements and comments; simplify it',
    );
  });

  it('ends on truncated markup', () => {
    for (const text of ['<svg', '<svg a="', '<!--', '<!DOCTYPE', '<svg><g a=', '</', '<', '<svg><!-', '<?xml'])
      expect(svgShapeProblem(text), text).toBeNull();
  });
});
