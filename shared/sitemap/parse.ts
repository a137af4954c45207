import { createHtmlParser } from '../facts/html-parser.js';

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
  const out: ParsedSitemap = { kind: 'unknown', root: null, entries: [], entryCount: 0, problems: [] };
  const stack: string[] = [];
  let namespace: string | null = null;
  let malformed = false;
  let rootClosed = false;
  let entry: SitemapEntry | null = null;
  /** Stack depth of the open entry element. */
  let entryDepth = 0;
  let field: 'loc' | 'lastmod' | null = null;
  let buffer = '';
  // True between an element's open event and the next event: htmlparser2 reports `<x/>` as an open
  // followed at once by a close flagged `implied`, the same flag it gives unclosed elements.
  let justOpened = false;

  const parser = createHtmlParser(
    {
      onopentag(name, attrs) {
        justOpened = true;
        const local = localName(name);
        if (stack.length === 0) {
          if (rootClosed) malformed = true;
          else {
            out.root = local;
            namespace = attrs.xmlns ?? attrs[`xmlns:${name.split(':')[0]}`] ?? null;
          }
        }
        const parent = stack[stack.length - 1];
        stack.push(local);
        const shape = out.root === null ? undefined : ENTRY_OF.get(out.root);
        if (!entry && shape && local === shape.name && stack.length <= 3 && parent !== undefined && shape.parents.includes(parent)) {
          entry = { loc: null, lastmod: null };
          entryDepth = stack.length;
        } else if (entry && stack.length === entryDepth + 1) {
          const feed = out.root === 'rss' || out.root === 'RDF';
          field = local === 'loc' || (feed && local === 'link') ? 'loc' : local === 'lastmod' ? 'lastmod' : null;
          // Atom: <link href> with no rel, or rel="alternate", is the entry's page (RFC 4287 section 4.2.7.2).
          const alternate = !attrs.rel || attrs.rel === 'alternate';
          if (out.root === 'feed' && local === 'link' && alternate && attrs.href && entry.loc === null) entry.loc = attrs.href.trim();
          buffer = '';
        }
      },
      oncomment() {
        justOpened = false;
      },
      oncdatastart() {
        justOpened = false;
      },
      ontext(data) {
        justOpened = false;
        if (field && buffer.length < 4096) buffer += data;
      },
      onclosetag(_name, implied) {
        const selfClosing = justOpened && xml[parser.endIndex - 1] === '/';
        justOpened = false;
        if (implied && !selfClosing) malformed = true;
        if (entry && stack.length === entryDepth + 1 && field) {
          const value = buffer.trim() || null;
          if (field === 'loc' && entry.loc === null) entry.loc = value;
          if (field === 'lastmod' && entry.lastmod === null) entry.lastmod = value;
          field = null;
        }
        if (entry && stack.length === entryDepth) {
          if (out.entries.length < MAX_KEPT) out.entries.push(entry);
          out.entryCount++;
          entry = null;
        }
        stack.pop();
        if (stack.length === 0) rootClosed = true;
      },
    },
    { xmlMode: true, recognizeCDATA: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();

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
      message: `the file lists ${out.entryCount.toLocaleString('en')} ${what}, but the protocol allows 50,000 per file`,
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
