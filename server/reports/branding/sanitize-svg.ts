/**
 * SVG logos are sanitised with DOMPurify (the reference HTML/SVG sanitiser, allow-list based) on a jsdom
 * window, with its SVG profile, and then stricter than its defaults, since a logo may hold no external
 * reference at all: every `href` must point inside the file (`#id`), or be a PNG or JPEG `data:` URL on
 * <image>; CSS keeps only a safe subset (css-subset.ts: presentation properties, plain values, `url(#id)`), in
 * style elements, style attributes and presentation attributes alike; <foreignObject>, <script>, <a> and event
 * handlers never pass. The result is serialised as XML, parsed back, and refused unless it is one well-formed
 * <svg>. A logo beyond the structural limits (svg-shape.ts) is refused before any parsing. The API runs this in a
 * worker thread with a time and memory budget (logo-thread.ts), never on the thread that answers requests.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { cleanDeclarations, cleanStylesheet, isSafeCssValue } from './css-subset.js';
import { shapeMessage, svgShapeProblem } from './svg-shape.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const INTERNAL = /^#[A-Za-z_][\w.:-]*$/;
const RASTER_DATA = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/\s]+=*$/i;

export class SvgRejectedError extends Error {}

let instance: { purify: DOMPurify; window: JSDOM['window'] } | null = null;

function purifier() {
  if (instance) return instance;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name === 'href' || name === 'xlink:href') {
      const isImage = node.nodeName.toLowerCase() === 'image';
      data.keepAttr = INTERNAL.test(value) || (isImage && RASTER_DATA.test(value));
      if (data.keepAttr && isImage && RASTER_DATA.test(value)) data.forceKeepAttr = true; // DOMPurify drops data: hrefs otherwise
      return;
    }
    if (name === 'style') {
      data.attrValue = cleanDeclarations(data.attrValue);
      data.keepAttr = data.attrValue !== '';
      return;
    }
    // Presentation attributes are CSS values (fill="url(...)", escapes included): a function or an escape must be safe.
    if ((value.includes('(') || value.includes('\\')) && !isSafeCssValue(value)) data.keepAttr = false;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = cleanStylesheet(node.textContent);
  });
  instance = { purify, window };
  return instance;
}

/** The sanitised SVG as UTF-8 XML text; SvgRejectedError when nothing usable is left. */
export function sanitizeSvg(svg: string): string {
  const problem = svgShapeProblem(svg);
  if (problem) throw new SvgRejectedError(shapeMessage(problem));
  const { purify, window } = purifier();
  const fragment = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'a', 'iframe', 'audio', 'video', 'animate', 'set', 'animateMotion', 'animateTransform'],
    FORBID_ATTR: ['xml:base'],
    RETURN_DOM_FRAGMENT: true,
  });
  const roots = [...fragment.children];
  const root = roots[0];
  if (roots.length !== 1 || !root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') {
    throw new SvgRejectedError('logo: the SVG must be one <svg> element');
  }
  // xlink:href needs its namespace declared in a standalone file; plain href means the same in SVG 2.
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const legacy = element.getAttributeNS(XLINK_NS, 'href') ?? element.getAttribute('xlink:href');
    if (legacy !== null) {
      element.removeAttributeNS(XLINK_NS, 'href');
      element.removeAttribute('xlink:href');
      if (!element.hasAttribute('href')) element.setAttribute('href', legacy);
    }
  }
  const xml = new window.XMLSerializer().serializeToString(root);
  const reparsed = new window.DOMParser().parseFromString(xml, 'image/svg+xml');
  if (reparsed.getElementsByTagName('parsererror').length > 0 || reparsed.documentElement.localName !== 'svg') {
    throw new SvgRejectedError('logo: the SVG is not well-formed after sanitising');
  }
  return xml;
}
