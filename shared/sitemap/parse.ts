import { createHtmlParser } from '../facts/html-parser.js';
import { groupDigits } from '../text/group-digits.js';

/** One `<url>` of a urlset or `<sitemap>` of a sitemap index (an `<item>`/`<entry>` of a feed). */
export interface SitemapEntry {
  loc: string | null;
  lastmod: string | null;
}

export interface SitemapProblem {
  /** `error`: crawlers cannot use the file; `warning`: they can, with losses. */
  severity: 'error' | 'warning';
  message: string;
}

export interface ParsedSitemap {
  /** `text` is the protocol's one-URL-per-line form; `feed` an RSS or Atom feed (also accepted by search engines). */
  kind: 'urlset' | 'sitemapindex' | 'text' | 'feed' | 'unknown';
  /** Local name of the root element, or null. */
  root: string | null;
  /** Entries in order, at most MAX_KEPT of them. */
  entries: SitemapEntry[];
  /** All entries, including those beyond MAX_KEPT. */
  entryCount: number;
  problems: SitemapProblem[];
}

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's per-file limit; entries beyond it are counted, not kept. */
export const MAX_KEPT = 50_000;

/**
 * The entry element under each root, and the parents it may sit in: RSS 0.9x/2.0 items are inside
 * <channel>, RSS 1.0 (RDF) items beside it. A Map: root names come from the file.
 */
const ENTRY_OF: ReadonlyMap<string, { name: string; parents: readonly string[] }> = new Map([
  ['urlset', { name: 'url', parents: ['urlset'] }],
  ['sitemapindex', { name: 'sitemap', parents: ['sitemapindex'] }],
  ['rss', { name: 'item', parents: ['channel', 'rss'] }],
  ['RDF', { name: 'item', parents: ['RDF'] }],
  ['feed', { name: 'entry', parents: ['feed'] }],
]);
const FEED_ROOTS = new Set(['rss', 'RDF', 'feed']);

/** Parses a sitemap body (XML urlset / sitemapindex, plain-text URL list, or RSS/Atom feed). Never throws. */
export function parseSitemap(body: string): ParsedSitemap {
  const text = body.replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) return parseTextSitemap(text);
  return parseXmlSitemap(text);
}

function parseXmlSitemap(xml: string): ParsedSitemap {
  const reading = new XmlSitemapReading();
  const parser = createHtmlParser(
    {
      onopentag: (name, attrs) => reading.open(name, attrs),
      oncomment: () => reading.other(),
      oncdatastart: () => reading.other(),
      ontext: (data) => reading.text(data),
      // `<x/>`: the close comes at once after the open, and the tag's last character is the slash.
      onclosetag: (_name, implied) => reading.close(implied, reading.justOpened && xml[parser.endIndex - 1] === '/'),
    },
    { xmlMode: true, recognizeCDATA: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return classify(reading);
}

/** What the parser's events build: the open elements, the entry being read and its field, and what went wrong. */
class XmlSitemapReading {
  readonly out: ParsedSitemap = { kind: 'unknown', root: null, entries: [], entryCount: 0, problems: [] };
  readonly stack: string[] = [];
  namespace: string | null = null;
  malformed = false;
  rootClosed = false;
  entry: SitemapEntry | null = null;
  /** Stack depth of the open entry element. */
  entryDepth = 0;
  field: 'loc' | 'lastmod' | null = null;
  buffer = '';
  // True between an element's open event and the next event: htmlparser2 reports `<x/>` as an open
  // followed at once by a close flagged `implied`, the same flag it gives unclosed elements.
  justOpened = false;

  open(name: string, attrs: Record<string, string>): void {
    this.justOpened = true;
    const local = localName(name);
    if (this.stack.length === 0) {
      if (this.rootClosed) this.malformed = true;
      else {
        this.out.root = local;
        this.namespace = attrs.xmlns ?? attrs[`xmlns:${name.split(':')[0]}`] ?? null;
      }
    }
    const parent = this.stack[this.stack.length - 1];
    this.stack.push(local);
    const shape = this.out.root === null ? undefined : ENTRY_OF.get(this.out.root);
    const depth = this.stack.length;
    if (!this.entry && shape && local === shape.name && depth <= 3 && parent !== undefined && shape.parents.includes(parent)) {
      this.entry = { loc: null, lastmod: null };
      this.entryDepth = depth;
    } else if (this.entry && depth === this.entryDepth + 1) this.openField(this.entry, local, attrs);
  }

  /** An element directly inside the entry: <loc>, <lastmod>, a feed's <link>. */
  openField(entry: SitemapEntry, local: string, attrs: Record<string, string>): void {
    const root = this.out.root;
    const feed = root === 'rss' || root === 'RDF';
    this.field = local === 'loc' || (feed && local === 'link') ? 'loc' : local === 'lastmod' ? 'lastmod' : null;
    // Atom: <link href> with no rel, or rel="alternate", is the entry's page (RFC 4287 section 4.2.7.2).
    const alternate = !attrs.rel || attrs.rel === 'alternate';
    if (root === 'feed' && local === 'link' && alternate && attrs.href && entry.loc === null) entry.loc = attrs.href.trim();
    this.buffer = '';
  }

  /** A comment or CDATA section. */
  other(): void {
    this.justOpened = false;
  }

  text(data: string): void {
    this.justOpened = false;
    if (this.field && this.buffer.length < 4096) this.buffer += data;
  }

  close(implied: boolean, selfClosing: boolean): void {
    this.justOpened = false;
    if (implied && !selfClosing) this.malformed = true;
    const entry = this.entry;
    if (entry && this.stack.length === this.entryDepth + 1 && this.field) {
      const value = this.buffer.trim() || null;
      if (this.field === 'loc' && entry.loc === null) entry.loc = value;
      if (this.field === 'lastmod' && entry.lastmod === null) entry.lastmod = value;
      this.field = null;
    }
    if (entry && this.stack.length === this.entryDepth) {
      if (this.out.entries.length < MAX_KEPT) this.out.entries.push(entry);
      this.out.entryCount++;
      this.entry = null;
    }
    this.stack.pop();
    if (this.stack.length === 0) this.rootClosed = true;
  }
}

/** The kind of sitemap the reading found, and its problems. */
function classify({ out, malformed, namespace }: XmlSitemapReading): ParsedSitemap {
  const root = out.root;
  if (root === 'urlset' || root === 'sitemapindex') out.kind = root;
  else if (root !== null && FEED_ROOTS.has(root)) out.kind = 'feed';
  if (out.kind === 'unknown') {
    out.problems.push({
      severity: 'error',
      message: root ? `the root element is <${root}>, not <urlset> or <sitemapindex>` : 'the file has no XML root element',
    });
    return out;
  }
  if (malformed)
    out.problems.push({ severity: 'error', message: 'the XML is malformed (unclosed or mismatched tags), so crawlers may reject it' });
  if ((out.kind === 'urlset' || out.kind === 'sitemapindex') && namespace !== SITEMAP_NAMESPACE) {
    out.problems.push({ severity: 'warning', message: `<${root}> does not declare xmlns="${SITEMAP_NAMESPACE}"` });
  }
  checkEntries(out);
  return out;
}

function parseTextSitemap(text: string): ParsedSitemap {
  const out: ParsedSitemap = { kind: 'text', root: null, entries: [], entryCount: 0, problems: [] };
  for (const line of text.split(/\r\n|\r|\n/)) {
    const loc = line.trim();
    if (!loc) continue;
    if (out.entries.length < MAX_KEPT) out.entries.push({ loc, lastmod: null });
    out.entryCount++;
  }
  // A text file whose lines are mostly not URLs is not a sitemap at all.
  const urls = out.entries.filter((e) => isAbsoluteHttpUrl(e.loc)).length;
  if (urls === 0 || urls < out.entries.length / 2) {
    return {
      kind: 'unknown',
      root: null,
      entries: [],
      entryCount: 0,
      problems: [{ severity: 'error', message: 'the file is neither XML nor a list of URLs' }],
    };
  }
  checkEntries(out);
  return out;
}

function checkEntries(out: ParsedSitemap): void {
  const what = out.kind === 'sitemapindex' ? 'sitemaps' : 'URLs';
  if (out.entryCount === 0) {
    out.problems.push({ severity: 'error', message: `the sitemap lists no ${what}` });
    return;
  }
  const noLoc = out.entries.filter((e) => e.loc === null).length;
  const bad = out.entries.filter((e) => e.loc !== null && !isAbsoluteHttpUrl(e.loc));
  if (noLoc)
    out.problems.push({
      severity: noLoc === out.entries.length ? 'error' : 'warning',
      message: `${noLoc} of ${out.entries.length} entries ${noLoc === 1 ? 'has' : 'have'} no <loc>`,
    });
  if (bad.length) {
    out.problems.push({
      severity: bad.length === out.entries.length ? 'error' : 'warning',
      message: `${bad.length} <loc> ${bad.length === 1 ? 'value is' : 'values are'} not an absolute http(s) URL (e.g. "${bad[0]!.loc!.slice(0, 80)}")`,
    });
  }
  if (out.entryCount > MAX_KEPT) {
    out.problems.push({
      severity: 'warning',
      message: `the file lists ${groupDigits(out.entryCount)} ${what}, but the protocol allows 50,000 per file`,
    });
  }
}

export function isAbsoluteHttpUrl(value: string | null): boolean {
  if (!value || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function localName(name: string): string {
  const i = name.lastIndexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}
