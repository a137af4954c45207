import type { HtmlListener } from '../html-walk.js';
import type { PageFacts } from '../fact-types.js';
import { HIDDEN_TEXT_TAGS } from '../html-tags.js';
import { collapse, hasNonSpace } from '../words.js';
import { parseUrl, resolveHref } from '../../url/parse.js';

/** The element an extractor is told about. */
export interface OpenElement {
  name: string;
  attrs: Record<string, string>;
  /** Character offset of the start tag in the HTML. */
  offset: number;
  /** True for script, style, template and the other elements whose text is not visible. */
  hidden: boolean;
}

/**
 * One concern of the page facts (the head, links, media, scripts, forms, headings ...). The reader calls
 * `open` for the tags it names (every element when `tags` is absent), `visibleText` for each run of text a
 * reader would see, `comment` for comments, and `finish` once at the end.
 */
export interface FactsExtractor {
  readonly tags?: readonly string[];
  open?(element: OpenElement, reader: FactsReader): void;
  visibleText?(data: string): void;
  comment?(data: string, reader: FactsReader): void;
  finish?(facts: PageFacts): void;
}

/** Text collected for one element: visible text relative to where it opened, or every character (raw). */
interface Collector {
  depth: number;
  /** Hidden depth at which the element's own text still counts; -1 collects everything verbatim. */
  baseline: number;
  parts: string[];
  length: number;
  onClose: (text: string) => void;
}

/** An open element: what extractors are told, plus what runs when it closes (one object per element). */
interface Frame extends OpenElement {
  closers: Array<() => void> | null;
}

const COLLECT_CAP = 1_000_000;

/**
 * The page-facts pass: tracks the open elements and what is hidden, collects element text on request, and
 * hands each element to the extractors that asked for its tag. Extractors fill `facts`; no tree is built.
 */
export class FactsReader implements HtmlListener {
  readonly base: URL | null;
  private readonly stack: Frame[] = [];
  private readonly collectors: Collector[] = [];
  private readonly everyElement: FactsExtractor[] = [];
  private readonly byTag = new Map<string, FactsExtractor[]>();
  private readonly textListeners: FactsExtractor[];
  private readonly commentListeners: FactsExtractor[];
  private hiddenDepth = 0;

  constructor(
    readonly facts: PageFacts,
    baseUrl: string,
    private readonly extractors: readonly FactsExtractor[],
    private readonly hiddenTags: ReadonlySet<string> = HIDDEN_TEXT_TAGS,
  ) {
    this.base = parseUrl(baseUrl);
    for (const x of extractors) {
      if (!x.open) continue;
      if (!x.tags) this.everyElement.push(x);
      else for (const tag of x.tags) this.byTag.set(tag, [...(this.byTag.get(tag) ?? []), x]);
    }
    this.textListeners = extractors.filter((x) => x.visibleText);
    this.commentListeners = extractors.filter((x) => x.comment);
  }

  /** True when the element being opened sits inside script, template, noscript or another element whose text is not shown. */
  get inHidden(): boolean {
    return this.hiddenDepth > 0;
  }

  /** Open elements, the one being opened included. */
  get depth(): number {
    return this.stack.length;
  }

  open(name: string, attrs: Record<string, string>, startIndex: number): void {
    const frame: Frame = { name, attrs, offset: startIndex, hidden: this.hiddenTags.has(name), closers: null };
    this.stack.push(frame);
    for (const x of this.everyElement) x.open!(frame, this);
    const forTag = this.byTag.get(name);
    if (forTag) for (const x of forTag) x.open!(frame, this);
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
    for (const x of this.textListeners) x.visibleText!(data);
  }

  close(): void {
    const frame = this.stack.pop();
    if (!frame) return;
    const depth = this.stack.length + 1;
    while (this.collectors.length && this.collectors[this.collectors.length - 1]!.depth === depth) {
      const c = this.collectors.pop()!;
      c.onClose(c.baseline < 0 ? c.parts.join('') : collapse(c.parts.join(' ')));
    }
    if (frame.hidden) this.hiddenDepth--;
    if (frame.closers) for (const closer of frame.closers) closer();
  }

  comment(data: string): void {
    for (const x of this.commentListeners) x.comment!(data, this);
  }

  finish(): PageFacts {
    for (const x of this.extractors) x.finish?.(this.facts);
    return this.facts;
  }

  /** The visible text of the element being opened, whitespace collapsed, when it closes. */
  collectText(onClose: (text: string) => void): void {
    const frame = this.stack[this.stack.length - 1]!;
    const baseline = this.hiddenDepth + (frame.hidden ? 1 : 0);
    this.collectors.push({ depth: this.stack.length, baseline, parts: [], length: 0, onClose });
  }

  /** Every character inside the element being opened (script source), verbatim, when it closes. */
  collectRaw(onClose: (text: string) => void): void {
    this.collectors.push({ depth: this.stack.length, baseline: -1, parts: [], length: 0, onClose });
  }

  /** Runs `closer` when the element being opened closes (after its text is delivered). */
  onClose(closer: () => void): void {
    const frame = this.stack[this.stack.length - 1]!;
    (frame.closers ??= []).push(closer);
  }

  /** An href or src resolved against the page; null when absent, empty or unparsable. */
  resolve(href: string | undefined): string | null {
    return resolveHref(href, this.base);
  }
}
