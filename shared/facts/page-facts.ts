import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';

/**
 * Everything the rules need from one HTML document, collected in a single iterative walk
 * (deeply nested hostile pages cannot overflow the stack, and a 1 MB page is walked once).
 */
export interface PageFacts {
  /** Length of the HTML in characters. */
  htmlLength: number;
  /** Attributes of <html> (lang, data-wf-site, class ...). */
  htmlAttrs: Record<string, string>;
  bodyAttrs: Record<string, string>;
  lang: string | null;
  /** Text of the first <title>, trimmed; null when absent. */
  title: string | null;
  titleCount: number;
  /** <meta name=...> by lower-cased name; several values when repeated. */
  metaByName: Map<string, string[]>;
  /** <meta property=...> (Open Graph, article:*) by lower-cased property. */
  metaByProperty: Map<string, string[]>;
  /** <meta http-equiv=...> by lower-cased header name. */
  metaHttpEquiv: Map<string, string[]>;
  /** <link> elements, rel split and lower-cased, href resolved against the page. */
  links: LinkFact[];
  /** <a href> elements, href resolved. */
  anchors: AnchorFact[];
  headings: HeadingFact[];
  images: ImageFact[];
  scripts: ScriptFact[];
  forms: FormFact[];
  iframes: Array<{ src: string | null; allow: string | null }>;
  /** Text inside <noscript> elements. */
  noscriptTexts: string[];
  times: Array<{ datetime: string | null; text: string }>;
  /** Elements with an itemprop attribute (microdata), by property name, text or content. */
  itemprops: Array<{ prop: string; value: string }>;
  /** Counts of elements by tag name (lower-case). */
  tagCounts: Map<string, number>;
  /** Elements with role=..., counted by role. */
  roleCounts: Map<string, number>;
  /** Text of elements carrying the given ids (SPA roots such as __next, root, app). */
  rootContainers: RootContainerFact[];
  /** Visible text of the document, whitespace collapsed (script, style, template, noscript excluded). */
  text: string;
  wordCount: number;
  /** HTML comments, first 50, each cut to 200 characters (builder markers live there). */
  comments: string[];
  elementCount: number;
  maxDepth: number;
}

export interface LinkFact {
  rel: string[];
  href: string | null;
  type: string | null;
  hreflang: string | null;
  title: string | null;
  attrs: Record<string, string>;
}

export interface AnchorFact {
  href: string | null;
  /** The raw href attribute. */
  rawHref: string;
  text: string;
  rel: string[];
}

export interface HeadingFact {
  level: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
  /** Visible text that follows the heading until the next heading, cut to 600 characters. */
  following: string;
}

export interface ImageFact {
  src: string | null;
  /** null when the attribute is missing; "" when present but empty (decorative). */
  alt: string | null;
  inFigureWithCaption: boolean;
  role: string | null;
}

export interface ScriptFact {
  /** Resolved src, or null for inline scripts. */
  src: string | null;
  rawSrc: string | null;
  /** Lower-cased type attribute, or null. */
  type: string | null;
  /** Inline source text ("" for external scripts). */
  text: string;
  attrs: Record<string, string>;
  /** Index among all <script> elements in document order. */
  index: number;
  /** Character offset of the element in the HTML, when known. */
  offset: number | null;
}

export interface FormFact {
  attrs: Record<string, string>;
  controls: Array<{ tag: string; attrs: Record<string, string>; label: string | null }>;
  offset: number | null;
}

export interface RootContainerFact {
  id: string;
  tag: string;
  textLength: number;
  childElementCount: number;
}

const HIDDEN_TEXT_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'svg', 'math']);
const SPA_ROOT_IDS = new Set(['__next', 'root', 'app', '__nuxt', '___gatsby', 'svelte', '__sveltekit', 'q-app', 'main-app']);
const HEADING_LEVEL: Record<string, HeadingFact['level']> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const FOLLOWING_CAP = 600;
const TEXT_CAP = 2_000_000;
const COLLECT_CAP = 1_000_000;

export function extractPageFacts(html: string, baseUrl: string): PageFacts {
  const doc = parseDocument(html, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    decodeEntities: true,
    withStartIndices: true,
  });
  const facts: PageFacts = {
    htmlLength: html.length,
    htmlAttrs: {},
    bodyAttrs: {},
    lang: null,
    title: null,
    titleCount: 0,
    metaByName: new Map(),
    metaByProperty: new Map(),
    metaHttpEquiv: new Map(),
    links: [],
    anchors: [],
    headings: [],
    images: [],
    scripts: [],
    forms: [],
    iframes: [],
    noscriptTexts: [],
    times: [],
    itemprops: [],
    tagCounts: new Map(),
    roleCounts: new Map(),
    rootContainers: [],
    text: '',
    wordCount: 0,
    comments: [],
    elementCount: 0,
    maxDepth: 0,
  };
  const base = safeUrl(baseUrl);
  const resolve = (href: string | undefined): string | null => {
    if (href === undefined) return null;
    const trimmed = href.trim();
    if (!trimmed) return null;
    try {
      return new URL(trimmed, base ?? undefined).href;
    } catch {
      return null;
    }
  };

  const textParts: string[] = [];
  let textLength = 0;
  let currentHeading: HeadingFact | null = null;
  let currentForm: FormFact | null = null;
  // Elements whose text we are collecting: each open collector receives every text node below it.
  // A collector only takes text that is visible relative to where it was opened (no script text in a link).
  const collectors: Array<{
    el: Element;
    parts: string[];
    length: number;
    baseline: number;
    onClose: (text: string) => void;
  }> = [];
  let hiddenDepth = 0;
  const figureStack: boolean[] = [];

  type Frame = { node: ChildNode; depth: number; exit: boolean };
  const stack: Frame[] = [];
  for (let i = doc.children.length - 1; i >= 0; i--) stack.push({ node: doc.children[i]!, depth: 1, exit: false });

  while (stack.length) {
    const frame = stack.pop()!;
    const node = frame.node;
    if (frame.exit) {
      const el = node as Element;
      if (HIDDEN_TEXT_TAGS.has(el.name)) hiddenDepth--;
      if (el.name === 'figure') figureStack.pop();
      if (el.name === 'form' && currentForm) currentForm = null;
      while (collectors.length && collectors[collectors.length - 1]!.el === el) {
        const top = collectors.pop()!;
        top.onClose(collapse(top.parts.join(' ')));
      }
      continue;
    }

    if (node.type === 'text') {
      const data = (node as { data: string }).data;
      for (const c of collectors) {
        if (hiddenDepth <= c.baseline && c.length < COLLECT_CAP) {
          c.parts.push(data);
          c.length += data.length;
        }
      }
      if (hiddenDepth === 0 && data.trim()) {
        if (textLength < TEXT_CAP) {
          textParts.push(data);
          textLength += data.length;
        }
        if (currentHeading && !collectors.some((c) => HEADING_LEVEL[c.el.name])) {
          if (currentHeading.following.length < FOLLOWING_CAP) {
            currentHeading.following = (currentHeading.following + ' ' + collapse(data))
              .trim()
              .slice(0, FOLLOWING_CAP);
          }
        }
      }
      continue;
    }
    if (node.type === 'comment') {
      if (facts.comments.length < 50) facts.comments.push((node as { data: string }).data.trim().slice(0, 200));
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;

    const el = node as Element;
    const name = el.name;
    const attrs = el.attribs;
    facts.elementCount++;
    if (frame.depth > facts.maxDepth) facts.maxDepth = frame.depth;
    facts.tagCounts.set(name, (facts.tagCounts.get(name) ?? 0) + 1);
    if (attrs.role) {
      const role = attrs.role.trim().toLowerCase();
      facts.roleCounts.set(role, (facts.roleCounts.get(role) ?? 0) + 1);
    }
    if (attrs.itemprop !== undefined && facts.itemprops.length < 500) {
      const prop = attrs.itemprop.trim();
      const direct = attrs.content ?? attrs.datetime ?? attrs.href ?? attrs.src;
      if (direct !== undefined) facts.itemprops.push({ prop, value: direct.trim() });
      else openCollector(el, (text) => facts.itemprops.push({ prop, value: text }));
    }
    if (attrs.id && SPA_ROOT_IDS.has(attrs.id)) {
      const fact: RootContainerFact = {
        id: attrs.id,
        tag: name,
        textLength: 0,
        childElementCount: el.children.filter((c) => c.type === 'tag').length,
      };
      facts.rootContainers.push(fact);
      openCollector(el, (text) => (fact.textLength = text.length));
    }

    switch (name) {
      case 'html':
        if (!Object.keys(facts.htmlAttrs).length) facts.htmlAttrs = { ...attrs };
        if (facts.lang === null && attrs.lang !== undefined) facts.lang = attrs.lang.trim();
        break;
      case 'body':
        if (!Object.keys(facts.bodyAttrs).length) facts.bodyAttrs = { ...attrs };
        break;
      case 'title':
        facts.titleCount++;
        if (facts.titleCount === 1) openCollector(el, (text) => (facts.title = text));
        break;
      case 'meta': {
        const content = attrs.content ?? '';
        if (attrs.name) pushMap(facts.metaByName, attrs.name.trim().toLowerCase(), content);
        if (attrs.property) pushMap(facts.metaByProperty, attrs.property.trim().toLowerCase(), content);
        if (attrs['http-equiv']) pushMap(facts.metaHttpEquiv, attrs['http-equiv'].trim().toLowerCase(), content);
        break;
      }
      case 'link':
        facts.links.push({
          rel: splitTokens(attrs.rel),
          href: resolve(attrs.href),
          type: attrs.type?.trim().toLowerCase() ?? null,
          hreflang: attrs.hreflang ?? null,
          title: attrs.title ?? null,
          attrs: { ...attrs },
        });
        break;
      case 'a':
        if (attrs.href !== undefined) {
          const anchor: AnchorFact = { href: resolve(attrs.href), rawHref: attrs.href, text: '', rel: splitTokens(attrs.rel) };
          facts.anchors.push(anchor);
          openCollector(el, (text) => (anchor.text = text));
        }
        break;
      case 'img':
        facts.images.push({
          src: resolve(attrs.src ?? attrs['data-src']),
          alt: attrs.alt === undefined ? null : attrs.alt,
          inFigureWithCaption: figureStack.length > 0 && figureStack[figureStack.length - 1] === true,
          role: attrs.role ?? null,
        });
        break;
      case 'figure':
        figureStack.push(el.children.some((c) => c.type === 'tag' && (c as Element).name === 'figcaption'));
        break;
      case 'script': {
        const inline = el.children.map((c) => (c.type === 'text' ? (c as { data: string }).data : '')).join('');
        facts.scripts.push({
          src: resolve(attrs.src),
          rawSrc: attrs.src ?? null,
          type: attrs.type?.trim().toLowerCase() ?? null,
          text: attrs.src !== undefined ? '' : inline,
          attrs: { ...attrs },
          index: facts.scripts.length,
          offset: el.startIndex ?? null,
        });
        break;
      }
      case 'form':
        currentForm = { attrs: { ...attrs }, controls: [], offset: el.startIndex ?? null };
        facts.forms.push(currentForm);
        break;
      case 'input':
      case 'select':
      case 'textarea':
      case 'fieldset':
        if (currentForm) currentForm.controls.push({ tag: name, attrs: { ...attrs }, label: null });
        break;
      case 'iframe':
        facts.iframes.push({ src: resolve(attrs.src), allow: attrs.allow ?? null });
        break;
      case 'noscript':
        openCollector(el, (text) => facts.noscriptTexts.push(text));
        break;
      case 'time': {
        const time = { datetime: attrs.datetime ?? null, text: '' };
        facts.times.push(time);
        openCollector(el, (text) => (time.text = text));
        break;
      }
      default: {
        const level = HEADING_LEVEL[name];
        if (level) {
          const heading: HeadingFact = { level, text: '', following: '' };
          facts.headings.push(heading);
          currentHeading = heading;
          openCollector(el, (text) => (heading.text = text));
        }
      }
    }

    if (HIDDEN_TEXT_TAGS.has(name)) hiddenDepth++;
    stack.push({ node: el, depth: frame.depth, exit: true });
    const children = el.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: frame.depth + 1, exit: false });
  }

  // <head> content is hidden; the title is captured by its own collector above.
  facts.text = collapse(textParts.join(' '));
  facts.wordCount = countWords(facts.text);
  if (facts.lang === null && facts.htmlAttrs['xml:lang'] !== undefined) facts.lang = facts.htmlAttrs['xml:lang'].trim();
  return facts;

  function openCollector(el: Element, onClose: (text: string) => void): void {
    const baseline = hiddenDepth + (HIDDEN_TEXT_TAGS.has(el.name) ? 1 : 0);
    collectors.push({ el, parts: [], length: 0, baseline, onClose });
  }
}

/** Counts words the way a reader would: runs of letters or digits, CJK characters one each. */
export function countWords(text: string): number {
  let count = 0;
  for (const m of text.matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)) {
    if (m[0]) count++;
  }
  return count;
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function splitTokens(value: string | undefined): string[] {
  return value ? value.toLowerCase().split(/\s+/).filter(Boolean) : [];
}

function pushMap(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function safeUrl(u: string): URL | null {
  try {
    return new URL(u);
  } catch {
    return null;
  }
}

/** First value of a meta name/property, trimmed, or null. */
export function firstMeta(map: Map<string, string[]>, key: string): string | null {
  const v = map.get(key)?.[0];
  return v === undefined ? null : v.trim();
}
