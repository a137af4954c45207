import type { ContentBlocks, HeadingRegion } from './content-blocks.js';

/**
 * Everything the rules need from one HTML document, collected in a single streaming pass
 * (no tree: deeply nested hostile pages cannot overflow the stack, and a 1 MB page is read once).
 */
export interface PageFacts {
  /** Length of the HTML in characters. */
  htmlLength: number;
  /** Size of the HTML in UTF-8 bytes. */
  htmlBytes: number;
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
  /** Names and properties of <meta> elements whose content an unescaped quote cut short (`content="He said "Hi""`). */
  metaCutByQuote: string[];
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
  /**
   * True when <noscript> holds content (not just a request to enable JavaScript) and the facts were read as a
   * client without JavaScript renders the page: noscript content visible.
   */
  noscriptContent: boolean;
  times: Array<{ datetime: string | null; text: string }>;
  /** Values of `itemtype` attributes (microdata), in document order. */
  itemtypes: string[];
  /** Values of `typeof` attributes (RDFa), in document order. */
  rdfaTypeofs: string[];
  /**
   * Elements with an itemprop attribute (microdata), by property name, text or content; `scope` is the itemtype
   * of the item the property belongs to (the nearest enclosing itemscope), null when it belongs to none;
   * `pageItem` is false for an item nested in another (a review, a comment), unless it is that item's mainEntity.
   */
  itemprops: Array<{ prop: string; value: string; scope?: string | null; pageItem?: boolean }>;
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
  /** Where the element starts in the HTML: with the scripts' offsets, document order across both lists. */
  offset: number;
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
  /** Where it sits: the page's own content, or navigation, a widget, a comment section ... */
  region: HeadingRegion;
  /** True when the heading's whole text links to another page: a teaser's title (a related story), not a section here. */
  linksAway?: true;
}

export interface ImageFact {
  src: string | null;
  /** null when the attribute is missing; "" when present but empty (decorative). */
  alt: string | null;
  inFigureWithCaption: boolean;
  role: string | null;
  /** True for an image no reader sees: a tracking pixel, or one inside <noscript> while scripts run. */
  unseen?: true;
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
