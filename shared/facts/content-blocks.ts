/**
 * The shape of a page's main content, which PageFacts does not keep: paragraph and section lengths,
 * lists and tables, links and bylines, each outside navigation, banners, footers and sidebars
 * (a menu is a list, but not one a reader would quote). One streaming pass, no tree, no recursion.
 */
import { Parser } from 'htmlparser2';
import type { JudgeContext } from '../judge/context.js';
import { collapse, countWords } from './page-facts.js';

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

const HIDDEN_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'svg', 'math']);
const BOILERPLATE_TAGS = new Set(['nav', 'aside']);
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LISTS = new Set(['ul', 'ol', 'dl']);
const BYLINE_TOKEN = /(^|[-_])(byline|authors?)([-_]|$)/i;
const MAX_ANCHORS = 2_000;
const MAX_BYLINES = 20;
const MAX_COLLECTED = 2_000;

interface Frame {
  name: string;
  hidden: boolean;
  boilerplate: boolean;
  contentRoot: boolean;
  heading: boolean;
  paragraph?: string[];
  list?: { items: number; countable: boolean };
  table?: { rows: number; countable: boolean };
  anchor?: { href: string; parts: string[] };
  byline?: string[];
}

/** The page's content blocks, read once per audit. */
export function contentBlocksOf(ctx: JudgeContext): ContentBlocks {
  return ctx.memo('facts.contentBlocks', () => extractContentBlocks(ctx.snapshot.page.body, ctx.pageUrl.href));
}

export function extractContentBlocks(html: string, baseUrl: string): ContentBlocks {
  const out: ContentBlocks = {
    paragraphWords: [],
    sectionWords: [],
    contentLists: 0,
    contentTables: 0,
    contentAnchors: [],
    bylines: [],
  };
  const base = safeUrl(baseUrl);
  const stack: Frame[] = [];
  let hiddenDepth = 0;
  let boilerplateDepth = 0;
  let contentRootDepth = 0;
  let headingDepth = 0;
  let sectionParts: string[] = [];
  const openParagraphs: string[][] = [];
  const openAnchors: Array<{ href: string; parts: string[] }> = [];
  const openBylines: string[][] = [];
  const openLists: Array<{ items: number; countable: boolean }> = [];
  const openTables: Array<{ rows: number; countable: boolean }> = [];

  const flushSection = () => {
    out.sectionWords.push(countWords(sectionParts.join(' ')));
    sectionParts = [];
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const role = (attrs.role ?? '').trim().toLowerCase();
        const frame: Frame = {
          name,
          hidden: HIDDEN_TAGS.has(name),
          boilerplate:
            BOILERPLATE_TAGS.has(name) ||
            BOILERPLATE_ROLES.has(role) ||
            ((name === 'header' || name === 'footer') && contentRootDepth === 0),
          contentRoot: name === 'main' || name === 'article' || role === 'main',
          heading: HEADINGS.has(name),
        };
        const visible = hiddenDepth === 0 && !frame.hidden;
        const inContent = boilerplateDepth === 0 && !frame.boilerplate;

        if (frame.heading && visible && inContent) flushSection();
        if (name === 'p' && inContent) {
          frame.paragraph = [];
          openParagraphs.push(frame.paragraph);
        }
        if (LISTS.has(name)) {
          frame.list = { items: 0, countable: inContent };
          openLists.push(frame.list);
        }
        if ((name === 'li' || name === 'dt') && openLists.length) openLists[openLists.length - 1]!.items++;
        if (name === 'table') {
          frame.table = { rows: 0, countable: inContent };
          openTables.push(frame.table);
        }
        if (name === 'tr' && openTables.length) openTables[openTables.length - 1]!.rows++;
        if (name === 'a' && attrs.href !== undefined && inContent && out.contentAnchors.length < MAX_ANCHORS) {
          const href = resolveHttp(attrs.href, base);
          if (href) {
            frame.anchor = { href, parts: [] };
            openAnchors.push(frame.anchor);
          }
        }
        if (visible && out.bylines.length < MAX_BYLINES && namesByline(attrs)) {
          frame.byline = [];
          openBylines.push(frame.byline);
        }

        if (frame.hidden) hiddenDepth++;
        if (frame.boilerplate) boilerplateDepth++;
        if (frame.contentRoot) contentRootDepth++;
        if (frame.heading) headingDepth++;
        stack.push(frame);
      },
      ontext(text) {
        if (hiddenDepth > 0) return;
        for (const a of openAnchors) if (a.parts.length < MAX_COLLECTED) a.parts.push(text);
        for (const b of openBylines) if (b.length < MAX_COLLECTED) b.push(text);
        if (boilerplateDepth > 0) return;
        const p = openParagraphs[openParagraphs.length - 1];
        if (p) p.push(text);
        if (headingDepth === 0) sectionParts.push(text);
      },
      onclosetag(name) {
        // htmlparser2 closes every opened element (implied closes included); search down defensively.
        let index = stack.length - 1;
        while (index >= 0 && stack[index]!.name !== name) index--;
        if (index < 0) return;
        while (stack.length > index) closeFrame(stack.pop()!);
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );

  function closeFrame(frame: Frame): void {
    if (frame.hidden) hiddenDepth--;
    if (frame.boilerplate) boilerplateDepth--;
    if (frame.contentRoot) contentRootDepth--;
    if (frame.heading) headingDepth--;
    if (frame.paragraph) {
      openParagraphs.pop();
      const words = countWords(frame.paragraph.join(' '));
      if (words > 0) out.paragraphWords.push(words);
    }
    if (frame.list) {
      openLists.pop();
      if (frame.list.countable && frame.list.items >= 2) out.contentLists++;
    }
    if (frame.table) {
      openTables.pop();
      if (frame.table.countable && frame.table.rows >= 2) out.contentTables++;
    }
    if (frame.anchor) {
      openAnchors.pop();
      out.contentAnchors.push({ href: frame.anchor.href, text: collapse(frame.anchor.parts.join(' ')) });
    }
    if (frame.byline) {
      openBylines.pop();
      const text = collapse(frame.byline.join(' '));
      if (text && out.bylines.length < MAX_BYLINES) out.bylines.push(text.slice(0, 200));
    }
  }

  parser.write(html);
  parser.end();
  while (stack.length) closeFrame(stack.pop()!);
  flushSection();
  return out;
}

function namesByline(attrs: Record<string, string>): boolean {
  const names = `${attrs.class ?? ''} ${attrs.id ?? ''}`;
  if (/comment/i.test(names)) return false; // a commenter is not the author
  return names.split(/\s+/).some((token) => BYLINE_TOKEN.test(token));
}

function resolveHttp(raw: string, base: URL | null): string | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base ?? undefined);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function safeUrl(u: string): URL | null {
  try {
    return new URL(u);
  } catch {
    return null;
  }
}
