/**
 * The shape of a page's main content, which PageFacts does not keep: paragraph and section lengths,
 * lists and tables, links and bylines, each outside navigation, banners, footers, sidebars and comment
 * sections (a menu is a list, but not one a reader would quote; a reader's comment is not the article).
 * A listener on the page-facts pass: no tree, no recursion.
 */
import { walkHtml, type HtmlListener } from './html-walk.js';
import { HIDDEN_TEXT_TAGS } from './html-tags.js';
import { collapse, countWords } from './words.js';
import { parseUrl, resolveHttpHref } from '../url/parse.js';
import { opensComments, opensMeta, opensWidget } from './content-regions.js';
import { isCommentsHeading } from './language/match.js';

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
  /** Words of visible text in the content: outside navigation, banners, footers, sidebars and comment sections. */
  contentWords: number;
  /** Words of visible text in comment sections (WordPress `#comments`, Disqus, a "12 Comments" heading's section). */
  commentWords: number;
  /** Where each heading sits, in document order (one entry per h1-h6, as `PageFacts.headings`). */
  headingRegions: HeadingRegion[];
  /** Text of a post's header, footer, address and meta lines (where a plain-text byline sits), each cut to 300 characters. */
  metaTexts: string[];
}

/**
 * `content` the page's own; `boilerplate` navigation, banner, footer or sidebar; `widget` a form or a block
 * such as a newsletter sign-up, or a heading whose short section is a form; `comments` a comment section;
 * `hidden` inside script, template, noscript and the like.
 */
export type HeadingRegion = 'content' | 'boilerplate' | 'widget' | 'comments' | 'hidden';

const BOILERPLATE_TAGS = new Set(['nav', 'aside']);
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LISTS = new Set(['ul', 'ol', 'dl']);
const BYLINE_TOKEN = /(^|[-_])(byline|authors?)([-_]|$)/i;
const BYLINE_HINT = /byline|author/i;
const MAX_ANCHORS = 2_000;
const MAX_BYLINES = 20;
const MAX_COLLECTED = 2_000;
const MAX_META_TEXTS = 20;
const META_TEXT_CHARS = 300;
/** A heading whose section is a sign-up or search form and fewer words than this is a widget's title ("Love the Web?" over a sign-up form). */
const WIDGET_SECTION_WORDS = 60;

interface Frame {
  name: string;
  hidden: boolean;
  boilerplate: boolean;
  contentRoot: boolean;
  heading: boolean;
  /** Opens a comment section (set on close of a comments heading for its parent, too). */
  comments: boolean;
  widget: boolean;
  // Every frame has every member (undefined when unused): one object shape, so the hot paths stay monomorphic.
  /** Words of an open `<p>` in the content so far. */
  paragraph: { words: number } | undefined;
  list: { items: number; countable: boolean } | undefined;
  table: { rows: number; countable: boolean } | undefined;
  anchor: { href: string; parts: string[] } | undefined;
  byline: string[] | undefined;
  /** Text of a meta line (post header or footer, address, `.entry-meta`). */
  meta: string[] | undefined;
  /** Text of a heading, to tell a comment section's title. */
  headingText: string[] | undefined;
}

/** The heading whose section is being read: its index and what its section holds so far. */
interface OpenSection {
  index: number;
  words: number;
  form: boolean;
}

export const EMPTY_CONTENT: ContentBlocks = Object.freeze({
  paragraphWords: [],
  sectionWords: [],
  contentLists: 0,
  contentTables: 0,
  contentAnchors: [],
  bylines: [],
  contentWords: 0,
  commentWords: 0,
  headingRegions: [],
  metaTexts: [],
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
    contentWords: 0,
    commentWords: 0,
    headingRegions: [],
    metaTexts: [],
  };
  private readonly base: URL | null;
  private readonly stack: Frame[] = [];
  private hiddenDepth = 0;
  private boilerplateDepth = 0;
  private contentRootDepth = 0;
  private headingDepth = 0;
  private commentDepth = 0;
  private widgetDepth = 0;
  private lang: string | null = null;
  private section: OpenSection | null = null;
  /** Words of content text since the last heading. Word counts add up over text runs (a run boundary is a space), so no text is kept. */
  private sectionWords = 0;
  private readonly openParagraphs: Array<{ words: number }> = [];
  private readonly openAnchors: Array<{ href: string; parts: string[] }> = [];
  private readonly openBylines: string[][] = [];
  private readonly openMetas: string[][] = [];
  private readonly openHeadingTexts: string[][] = [];
  private readonly openLists: Array<{ items: number; countable: boolean }> = [];
  private readonly openTables: Array<{ rows: number; countable: boolean }> = [];

  constructor(
    baseUrl: string,
    private readonly hiddenTags: ReadonlySet<string> = HIDDEN_TEXT_TAGS,
  ) {
    this.base = parseUrl(baseUrl);
  }

  open(name: string, attrs: Record<string, string>): void {
    const out = this.out;
    const role = attrs.role === undefined ? '' : attrs.role.trim().toLowerCase();
    if (name === 'html' && this.lang === null && attrs.lang !== undefined) this.lang = attrs.lang;
    const frame: Frame = {
      name,
      hidden: this.hiddenTags.has(name),
      boilerplate:
        BOILERPLATE_TAGS.has(name) ||
        BOILERPLATE_ROLES.has(role) ||
        ((name === 'header' || name === 'footer') && this.contentRootDepth === 0),
      contentRoot: name === 'main' || name === 'article' || role === 'main',
      heading: HEADINGS.has(name),
      comments: opensComments(attrs),
      widget: opensWidget(name, attrs),
      paragraph: undefined,
      list: undefined,
      table: undefined,
      anchor: undefined,
      byline: undefined,
      meta: undefined,
      headingText: undefined,
    };
    const visible = this.hiddenDepth === 0 && !frame.hidden;
    const inContent = this.boilerplateDepth === 0 && !frame.boilerplate && this.commentDepth === 0 && !frame.comments;

    if (frame.heading) this.openHeading(frame, visible, inContent);
    if (name === 'input' && this.section && asksForAddress(attrs)) this.section.form = true;
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
    if (visible && inContent && out.metaTexts.length < MAX_META_TEXTS && this.opensMetaLine(name, attrs)) {
      frame.meta = [];
      this.openMetas.push(frame.meta);
    }
    this.enter(frame);
  }

  text(text: string): void {
    if (this.hiddenDepth > 0) return;
    for (const a of this.openAnchors) if (a.parts.length < MAX_COLLECTED) a.parts.push(text);
    for (const b of this.openBylines) if (b.length < MAX_COLLECTED) b.push(text);
    for (const m of this.openMetas) if (m.length < MAX_COLLECTED) m.push(text);
    if (this.boilerplateDepth > 0) return;
    for (const h of this.openHeadingTexts) if (h.length < MAX_COLLECTED) h.push(text);
    const words = countWords(text);
    if (this.commentDepth > 0) {
      this.out.commentWords += words;
      return;
    }
    this.out.contentWords += words;
    if (this.section && this.headingDepth === 0) this.section.words += words;
    const p = this.openParagraphs[this.openParagraphs.length - 1];
    if (!p && this.headingDepth > 0) return;
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
    this.settleSection();
    return this.out;
  }

  private enter(frame: Frame): void {
    if (frame.hidden) this.hiddenDepth++;
    if (frame.boilerplate) this.boilerplateDepth++;
    if (frame.contentRoot) this.contentRootDepth++;
    if (frame.heading) this.headingDepth++;
    if (frame.comments) this.commentDepth++;
    if (frame.widget) this.widgetDepth++;
    this.stack.push(frame);
  }

  /** A heading opens: the previous section is settled and the heading's region recorded. */
  private openHeading(frame: Frame, visible: boolean, inContent: boolean): void {
    if (visible && inContent) this.flushSection();
    this.settleSection();
    const region: HeadingRegion = !visible
      ? 'hidden'
      : this.boilerplateDepth > 0 || frame.boilerplate
        ? 'boilerplate'
        : this.commentDepth > 0 || frame.comments
          ? 'comments'
          : this.widgetDepth > 0 || frame.widget
            ? 'widget'
            : 'content';
    const index = this.out.headingRegions.push(region) - 1;
    if (region !== 'content') return;
    this.section = { index, words: 0, form: false };
    frame.headingText = [];
    this.openHeadingTexts.push(frame.headingText);
  }

  /** A content heading whose short section is a sign-up or search form titles a widget, not the page's content. */
  private settleSection(): void {
    const section = this.section;
    this.section = null;
    if (section && section.form && section.words < WIDGET_SECTION_WORDS) this.out.headingRegions[section.index] = 'widget';
  }

  /** A post's header, footer or address inside the content, or an element whose class names a meta line. */
  private opensMetaLine(name: string, attrs: Record<string, string>): boolean {
    if ((name === 'header' || name === 'footer' || name === 'address') && this.contentRootDepth > 0) return true;
    return name !== 'a' && opensMeta(attrs);
  }

  private flushSection(): void {
    this.out.sectionWords.push(this.sectionWords);
    this.sectionWords = 0;
  }

  private closeFrame(frame: Frame): void {
    if (frame.hidden) this.hiddenDepth--;
    if (frame.boilerplate) this.boilerplateDepth--;
    if (frame.contentRoot) this.contentRootDepth--;
    if (frame.heading) this.headingDepth--;
    if (frame.comments) this.commentDepth--;
    if (frame.widget) this.widgetDepth--;
    if (frame.headingText) this.closeHeading(frame.headingText);
    this.collect(frame);
  }

  /** A content heading titled "Comments" (any language of the page) starts a comment section that runs to the end of its parent. */
  private closeHeading(parts: string[]): void {
    this.openHeadingTexts.pop();
    const parent = this.stack[this.stack.length - 1];
    const section = this.section;
    if (!parent || parent.comments || !section || !isCommentsHeading(collapse(parts.join(' ')), this.lang)) return;
    this.out.headingRegions[section.index] = 'comments';
    this.section = null;
    parent.comments = true;
    this.commentDepth++;
  }

  private collect(frame: Frame): void {
    const out = this.out;
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
    if (frame.meta) {
      this.openMetas.pop();
      const text = collapse(frame.meta.join(' '));
      if (text && out.metaTexts.length < MAX_META_TEXTS) out.metaTexts.push(text.slice(0, META_TEXT_CHARS));
    }
  }
}

/** An e-mail or search field: the form is a newsletter sign-up or a site search, not the page's content. */
function asksForAddress(attrs: Record<string, string>): boolean {
  const type = (attrs.type ?? '').toLowerCase();
  return type === 'email' || type === 'search' || /e-?mail|newsletter|subscri/i.test(attrs.name ?? '');
}

function namesByline(attrs: Record<string, string>): boolean {
  // Most elements with a class name no author: test each attribute before building anything.
  if (!(attrs.class !== undefined && BYLINE_HINT.test(attrs.class)) && !(attrs.id !== undefined && BYLINE_HINT.test(attrs.id)))
    return false;
  const names = `${attrs.class ?? ''} ${attrs.id ?? ''}`;
  if (/comment/i.test(names)) return false; // a commenter is not the author
  return names.split(/\s+/).some((token) => BYLINE_TOKEN.test(token));
}
