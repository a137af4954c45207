import { walkHtml, type HtmlListener } from './html-walk.js';
import { ContentBlocksListener, EMPTY_CONTENT, type ContentBlocks } from './content-blocks.js';
import { collapse, countWords, hasNonSpace } from './words.js';

export { collapse, countWords } from './words.js';

/**
 * Everything the rules need from one HTML document, collected in a single streaming pass
 * (no tree: deeply nested hostile pages cannot overflow the stack, and a 1 MB page is read once).
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
  /** The main content's shape (paragraphs, sections, lists, tables, content links, bylines). */
  content: ContentBlocks;
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

/** Facts of one document: the facts listener and the content-blocks listener share one streaming pass. */
export function extractPageFacts(html: string, baseUrl: string): PageFacts {
  const facts = new FactsListener(html.length, baseUrl);
  const content = new ContentBlocksListener(baseUrl);
  walkHtml(html, [facts, content]);
  return facts.finish(content.finish());
}

interface Frame {
  name: string;
  hidden: boolean;
  /** The root-container fact this element is, so its direct children can be counted. */
  root?: RootContainerFact;
  figure?: { hasCaption: boolean; images: ImageFact[] };
}

/** A text collector: takes text visible relative to where it opened (no script text in a link). */
interface Collector {
  depth: number;
  baseline: number;
  parts: string[];
  length: number;
  onClose: (text: string) => void;
}

class FactsListener implements HtmlListener {
  private readonly facts: PageFacts;
  private readonly base: URL | null;
  private readonly stack: Frame[] = [];
  private readonly collectors: Collector[] = [];
  private readonly figures: Array<NonNullable<Frame['figure']>> = [];
  private readonly textParts: string[] = [];
  private textLength = 0;
  private hiddenDepth = 0;
  private headingDepth = 0;
  private currentHeading: HeadingFact | null = null;
  private followingParts: string[] = [];
  private followingLength = 0;
  private currentForm: FormFact | null = null;
  private sawHtml = false;
  private sawBody = false;

  constructor(htmlLength: number, baseUrl: string) {
    this.base = safeUrl(baseUrl);
    this.facts = {
      htmlLength,
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
      content: EMPTY_CONTENT,
    };
  }

  open(name: string, attrs: Record<string, string>, startIndex: number): void {
    const facts = this.facts;
    const parent = this.stack[this.stack.length - 1];
    const frame: Frame = { name, hidden: HIDDEN_TEXT_TAGS.has(name) };
    this.stack.push(frame);
    const depth = this.stack.length;
    facts.elementCount++;
    if (depth > facts.maxDepth) facts.maxDepth = depth;
    facts.tagCounts.set(name, (facts.tagCounts.get(name) ?? 0) + 1);
    if (parent?.root) parent.root.childElementCount++;
    if (attrs.role) {
      const role = attrs.role.trim().toLowerCase();
      facts.roleCounts.set(role, (facts.roleCounts.get(role) ?? 0) + 1);
    }
    if (attrs.itemprop !== undefined && facts.itemprops.length < 500) {
      const prop = attrs.itemprop.trim();
      const direct = attrs.content ?? attrs.datetime ?? attrs.href ?? attrs.src;
      if (direct !== undefined) facts.itemprops.push({ prop, value: direct.trim() });
      else this.collect(frame, (text) => facts.itemprops.push({ prop, value: text }));
    }
    if (attrs.id && SPA_ROOT_IDS.has(attrs.id)) {
      const root: RootContainerFact = { id: attrs.id, tag: name, textLength: 0, childElementCount: 0 };
      frame.root = root;
      facts.rootContainers.push(root);
      this.collect(frame, (text) => (root.textLength = text.length));
    }

    switch (name) {
      case 'html':
        if (!this.sawHtml) {
          this.sawHtml = true;
          facts.htmlAttrs = attrs;
          if (attrs.lang !== undefined) facts.lang = attrs.lang.trim();
        }
        break;
      case 'body':
        if (!this.sawBody) {
          this.sawBody = true;
          facts.bodyAttrs = attrs;
        }
        break;
      case 'title':
        facts.titleCount++;
        if (facts.titleCount === 1) this.collect(frame, (text) => (facts.title = text));
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
          href: this.resolve(attrs.href),
          type: attrs.type?.trim().toLowerCase() ?? null,
          hreflang: attrs.hreflang ?? null,
          title: attrs.title ?? null,
          attrs,
        });
        break;
      case 'a':
        if (attrs.href !== undefined) {
          const anchor: AnchorFact = { href: this.resolve(attrs.href), rawHref: attrs.href, text: '', rel: splitTokens(attrs.rel) };
          facts.anchors.push(anchor);
          this.collect(frame, (text) => (anchor.text = text));
        }
        break;
      case 'img': {
        const image: ImageFact = {
          src: this.resolve(attrs.src ?? attrs['data-src']),
          alt: attrs.alt === undefined ? null : attrs.alt,
          inFigureWithCaption: false,
          role: attrs.role ?? null,
        };
        facts.images.push(image);
        this.figures[this.figures.length - 1]?.images.push(image);
        break;
      }
      case 'figure':
        frame.figure = { hasCaption: false, images: [] };
        this.figures.push(frame.figure);
        break;
      case 'figcaption': {
        const figure = this.figures[this.figures.length - 1];
        if (figure) figure.hasCaption = true;
        break;
      }
      case 'script': {
        const script: ScriptFact = {
          src: this.resolve(attrs.src),
          rawSrc: attrs.src ?? null,
          type: attrs.type?.trim().toLowerCase() ?? null,
          text: '',
          attrs,
          index: facts.scripts.length,
          offset: startIndex,
        };
        facts.scripts.push(script);
        // Inline source is raw text inside the element; an external script's body is ignored.
        if (attrs.src === undefined) this.collectRaw(frame, (text) => (script.text = text));
        break;
      }
      case 'form':
        this.currentForm = { attrs, controls: [], offset: startIndex };
        facts.forms.push(this.currentForm);
        break;
      case 'input':
      case 'select':
      case 'textarea':
      case 'fieldset':
        this.currentForm?.controls.push({ tag: name, attrs, label: null });
        break;
      case 'iframe':
        facts.iframes.push({ src: this.resolve(attrs.src), allow: attrs.allow ?? null });
        break;
      case 'noscript':
        this.collect(frame, (text) => facts.noscriptTexts.push(text));
        break;
      case 'time': {
        const time = { datetime: attrs.datetime ?? null, text: '' };
        facts.times.push(time);
        this.collect(frame, (text) => (time.text = text));
        break;
      }
      default: {
        const level = HEADING_LEVEL[name];
        if (level) {
          const heading: HeadingFact = { level, text: '', following: '' };
          facts.headings.push(heading);
          this.settleFollowing();
          this.currentHeading = heading;
          this.headingDepth++;
          this.collect(frame, (text) => (heading.text = text));
        }
      }
    }
    if (frame.hidden) this.hiddenDepth++;
  }

  text(data: string): void {
    const hidden = this.hiddenDepth;
    for (const c of this.collectors) {
      if ((c.baseline < 0 || hidden <= c.baseline) && c.length < COLLECT_CAP) {
        c.parts.push(data);
        c.length += data.length;
      }
    }
    if (hidden > 0 || !hasNonSpace(data)) return;
    if (this.textLength < TEXT_CAP) {
      this.textParts.push(data);
      this.textLength += data.length;
    }
    if (this.currentHeading && this.headingDepth === 0 && this.followingLength < FOLLOWING_CAP * 2) {
      this.followingParts.push(data);
      this.followingLength += data.length;
    }
  }

  close(name: string): void {
    const frame = this.stack.pop();
    if (!frame) return;
    const depth = this.stack.length + 1;
    while (this.collectors.length && this.collectors[this.collectors.length - 1]!.depth === depth) {
      const c = this.collectors.pop()!;
      c.onClose(c.baseline < 0 ? c.parts.join('') : collapse(c.parts.join(' ')));
    }
    if (frame.hidden) this.hiddenDepth--;
    if (HEADING_LEVEL[name]) this.headingDepth--;
    if (frame.figure) {
      this.figures.pop();
      for (const image of frame.figure.images) image.inFigureWithCaption = frame.figure.hasCaption;
    }
    if (name === 'form') this.currentForm = null;
  }

  comment(data: string): void {
    if (this.facts.comments.length < 50) this.facts.comments.push(data.trim().slice(0, 200));
  }

  finish(content: ContentBlocks): PageFacts {
    const facts = this.facts;
    this.settleFollowing();
    facts.text = collapse(this.textParts.join(' '));
    facts.wordCount = countWords(facts.text);
    if (facts.lang === null && facts.htmlAttrs['xml:lang'] !== undefined) facts.lang = facts.htmlAttrs['xml:lang'].trim();
    facts.content = content;
    return facts;
  }

  /** The text gathered after the current heading becomes its `following` (raw parts joined once, not per node). */
  private settleFollowing(): void {
    if (this.currentHeading && this.followingParts.length) {
      this.currentHeading.following = collapse(this.followingParts.join(' ')).slice(0, FOLLOWING_CAP);
    }
    this.followingParts = [];
    this.followingLength = 0;
  }

  private collect(frame: Frame, onClose: (text: string) => void): void {
    const baseline = this.hiddenDepth + (frame.hidden ? 1 : 0);
    this.collectors.push({ depth: this.stack.length, baseline, parts: [], length: 0, onClose });
  }

  /** Collects every character verbatim (script source), hidden or not. */
  private collectRaw(_frame: Frame, onClose: (text: string) => void): void {
    this.collectors.push({ depth: this.stack.length, baseline: -1, parts: [], length: 0, onClose });
  }

  private resolve(href: string | undefined): string | null {
    if (href === undefined) return null;
    const trimmed = href.trim();
    if (!trimmed) return null;
    try {
      return new URL(trimmed, this.base ?? undefined).href;
    } catch {
      return null;
    }
  }
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
