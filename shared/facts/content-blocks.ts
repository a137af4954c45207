/**
 * The shape of a page's main content, which PageFacts does not keep: paragraph and section lengths,
 * lists and tables, links and bylines, each outside navigation, banners, footers and sidebars
 * (a menu is a list, but not one a reader would quote). A listener on the page-facts pass: no tree, no recursion.
 */
import { walkHtml, type HtmlListener } from './html-walk.js';
import { HIDDEN_TEXT_TAGS } from './html-tags.js';
import { collapse, countWords } from './words.js';
import { parseUrl, resolveHttpHref } from '../url/parse.js';

export interface ContentAnchor {
  /** Absolute http(s) URL. */
  href: string;
  text: string;
}

export interface ContentBlocks {
  /** Words of each `<p>` in the content. */
  paragraphWords: number[];
  /** Words of content text between consecutive headings; the first entry is the text before the first heading. */
  sectionWords: number[];
  /** Lists (ul, ol, dl) with at least two items, and tables with at least two rows. */
  contentLists: number;
  contentTables: number;
  /** Links in the content, in document order. */
  contentAnchors: ContentAnchor[];
  /** Text of elements whose class or id names a byline or an author. */
  bylines: string[];
}

const BOILERPLATE_TAGS = new Set(['nav', 'aside']);
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LISTS = new Set(['ul', 'ol', 'dl']);
const BYLINE_TOKEN = /(^|[-_])(byline|authors?)([-_]|$)/i;
const BYLINE_HINT = /byline|author/i;
const MAX_ANCHORS = 2_000;
const MAX_BYLINES = 20;
const MAX_COLLECTED = 2_000;

interface Frame {
  name: string;
  hidden: boolean;
  boilerplate: boolean;
  contentRoot: boolean;
  heading: boolean;
  // Every frame has every member (undefined when unused): one object shape, so the hot paths stay monomorphic.
  /** Words of an open `<p>` in the content so far. */
  paragraph: { words: number } | undefined;
  list: { items: number; countable: boolean } | undefined;
  table: { rows: number; countable: boolean } | undefined;
  anchor: { href: string; parts: string[] } | undefined;
  byline: string[] | undefined;
}

export const EMPTY_CONTENT: ContentBlocks = Object.freeze({
  paragraphWords: [],
  sectionWords: [],
  contentLists: 0,
  contentTables: 0,
  contentAnchors: [],
  bylines: [],
}) as ContentBlocks;

/** The content blocks of an HTML string on its own (the page facts pass computes them for audits). */
export function extractContentBlocks(html: string, baseUrl: string): ContentBlocks {
  const listener = new ContentBlocksListener(baseUrl);
  walkHtml(html, [listener]);
  return listener.finish();
}

/** Streaming listener: tracks boilerplate (nav, aside, header/footer outside the content) and collects what is in the content. */
export class ContentBlocksListener implements HtmlListener {
  private readonly out: ContentBlocks = {
    paragraphWords: [],
    sectionWords: [],
    contentLists: 0,
    contentTables: 0,
    contentAnchors: [],
    bylines: [],
  };
  private readonly base: URL | null;
  private readonly stack: Frame[] = [];
  private hiddenDepth = 0;
  private boilerplateDepth = 0;
  private contentRootDepth = 0;
  private headingDepth = 0;
  /** Words of content text since the last heading. Word counts add up over text runs (a run boundary is a space), so no text is kept. */
  private sectionWords = 0;
  private readonly openParagraphs: Array<{ words: number }> = [];
  private readonly openAnchors: Array<{ href: string; parts: string[] }> = [];
  private readonly openBylines: string[][] = [];
  private readonly openLists: Array<{ items: number; countable: boolean }> = [];
  private readonly openTables: Array<{ rows: number; countable: boolean }> = [];

  constructor(baseUrl: string) {
    this.base = parseUrl(baseUrl);
  }

  open(name: string, attrs: Record<string, string>): void {
    const out = this.out;
    const role = attrs.role === undefined ? '' : attrs.role.trim().toLowerCase();
    const frame: Frame = {
      name,
      hidden: HIDDEN_TEXT_TAGS.has(name),
      boilerplate:
        BOILERPLATE_TAGS.has(name) ||
        BOILERPLATE_ROLES.has(role) ||
        ((name === 'header' || name === 'footer') && this.contentRootDepth === 0),
      contentRoot: name === 'main' || name === 'article' || role === 'main',
      heading: HEADINGS.has(name),
      paragraph: undefined,
      list: undefined,
      table: undefined,
      anchor: undefined,
      byline: undefined,
    };
    const visible = this.hiddenDepth === 0 && !frame.hidden;
    const inContent = this.boilerplateDepth === 0 && !frame.boilerplate;

    if (frame.heading && visible && inContent) this.flushSection();
    if (name === 'p' && inContent) {
      frame.paragraph = { words: 0 };
      this.openParagraphs.push(frame.paragraph);
    }
    if (LISTS.has(name)) {
      frame.list = { items: 0, countable: inContent };
      this.openLists.push(frame.list);
    }
    if ((name === 'li' || name === 'dt') && this.openLists.length) this.openLists[this.openLists.length - 1]!.items++;
    if (name === 'table') {
      frame.table = { rows: 0, countable: inContent };
      this.openTables.push(frame.table);
    }
    if (name === 'tr' && this.openTables.length) this.openTables[this.openTables.length - 1]!.rows++;
    if (name === 'a' && attrs.href !== undefined && inContent && out.contentAnchors.length < MAX_ANCHORS) {
      const href = resolveHttpHref(attrs.href, this.base);
      if (href) {
        frame.anchor = { href, parts: [] };
        this.openAnchors.push(frame.anchor);
      }
    }
    if (visible && out.bylines.length < MAX_BYLINES && namesByline(attrs)) {
      frame.byline = [];
      this.openBylines.push(frame.byline);
    }

    if (frame.hidden) this.hiddenDepth++;
    if (frame.boilerplate) this.boilerplateDepth++;
    if (frame.contentRoot) this.contentRootDepth++;
    if (frame.heading) this.headingDepth++;
    this.stack.push(frame);
  }

  text(text: string): void {
    if (this.hiddenDepth > 0) return;
    for (const a of this.openAnchors) if (a.parts.length < MAX_COLLECTED) a.parts.push(text);
    for (const b of this.openBylines) if (b.length < MAX_COLLECTED) b.push(text);
    if (this.boilerplateDepth > 0) return;
    const p = this.openParagraphs[this.openParagraphs.length - 1];
    if (!p && this.headingDepth > 0) return;
    const words = countWords(text);
    if (p) p.words += words;
    if (this.headingDepth === 0) this.sectionWords += words;
  }

  close(): void {
    const frame = this.stack.pop();
    if (frame) this.closeFrame(frame);
  }

  finish(): ContentBlocks {
    while (this.stack.length) this.closeFrame(this.stack.pop()!);
    this.flushSection();
    return this.out;
  }

  private flushSection(): void {
    this.out.sectionWords.push(this.sectionWords);
    this.sectionWords = 0;
  }

  private closeFrame(frame: Frame): void {
    const out = this.out;
    if (frame.hidden) this.hiddenDepth--;
    if (frame.boilerplate) this.boilerplateDepth--;
    if (frame.contentRoot) this.contentRootDepth--;
    if (frame.heading) this.headingDepth--;
    if (frame.paragraph) {
      this.openParagraphs.pop();
      if (frame.paragraph.words > 0) out.paragraphWords.push(frame.paragraph.words);
    }
    if (frame.list) {
      this.openLists.pop();
      if (frame.list.countable && frame.list.items >= 2) out.contentLists++;
    }
    if (frame.table) {
      this.openTables.pop();
      if (frame.table.countable && frame.table.rows >= 2) out.contentTables++;
    }
    if (frame.anchor) {
      this.openAnchors.pop();
      out.contentAnchors.push({ href: frame.anchor.href, text: collapse(frame.anchor.parts.join(' ')) });
    }
    if (frame.byline) {
      this.openBylines.pop();
      const text = collapse(frame.byline.join(' '));
      if (text && out.bylines.length < MAX_BYLINES) out.bylines.push(text.slice(0, 200));
    }
  }
}

function namesByline(attrs: Record<string, string>): boolean {
  // Most elements with a class name no author: test each attribute before building anything.
  if (!(attrs.class !== undefined && BYLINE_HINT.test(attrs.class)) && !(attrs.id !== undefined && BYLINE_HINT.test(attrs.id)))
    return false;
  const names = `${attrs.class ?? ''} ${attrs.id ?? ''}`;
  if (/comment/i.test(names)) return false; // a commenter is not the author
  return names.split(/\s+/).some((token) => BYLINE_TOKEN.test(token));
}
