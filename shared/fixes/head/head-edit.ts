/**
 * A page's `<head>` with snippets applied, for the before/after preview and for applying fixes to a copy of a
 * page: cheerio (its slim build, on htmlparser2) loads the head, the elements a snippet replaces are removed,
 * the snippet is appended, and the head is serialised again. Only the head is loaded, never the whole page:
 * the engine's single streaming pass stays the only reader of the page itself (docs/dependencies.md).
 */
import { load, type CheerioOptions } from 'cheerio/slim';
import type { HeadPreview } from '../types.js';

/**
 * Text and attributes are kept as written (`&eacute;` stays `&eacute;`, `é` stays `é`), so the preview differs
 * from the page only where a snippet changed it. cheerio passes the option on to htmlparser2 and its serialiser;
 * its types do not list it.
 */
const AS_WRITTEN = { decodeEntities: false } as CheerioOptions;

export interface HeadEdit {
  /** CSS selectors of the elements the snippet replaces (`meta[name="description" i]`). */
  remove: string[];
  /** The snippet's HTML, appended at the end of the head. */
  append: string;
}

/**
 * The edit a head snippet makes, read from the snippet itself: each element it holds replaces the page's
 * elements of the same kind (its title, the meta tag of the same name or property, its canonical link, its
 * JSON-LD blocks, its Markdown alternate link).
 */
export function headEditOf(snippet: string): HeadEdit {
  const $ = load(snippet, AS_WRITTEN, false);
  const remove = new Set<string>();
  $.root()
    .children()
    .each((_, el) => {
      for (const selector of replacedBy($(el).prop('tagName')?.toLowerCase() ?? '', (name) => $(el).attr(name))) remove.add(selector);
    });
  return { remove: [...remove], append: snippet };
}

function replacedBy(tag: string, attr: (name: string) => string | undefined): string[] {
  const quoted = (v: string) => `"${v.replace(/["\\]/g, '')}"`;
  if (tag === 'title') return ['title'];
  if (tag === 'script' && /^application\/ld\+json/i.test(attr('type') ?? '')) return ['script[type^="application/ld+json" i]'];
  if (tag === 'meta' && attr('name')) return [`meta[name=${quoted(attr('name')!)} i]`];
  if (tag === 'meta' && attr('property'))
    return [`meta[property=${quoted(attr('property')!)} i]`, `meta[name=${quoted(attr('property')!)} i]`];
  const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
  if (tag === 'link' && rel.includes('canonical')) return ['link[rel~="canonical" i]'];
  if (tag === 'link' && rel.includes('alternate') && attr('type')) return [`link[rel~="alternate" i][type=${quoted(attr('type')!)} i]`];
  return [];
}

/** The head inner HTML as cheerio writes it back, with the edits applied in order. */
export function editHead(headHtml: string, edits: readonly HeadEdit[]): string {
  const $ = load(headHtml, AS_WRITTEN, false);
  for (const edit of edits) {
    for (const selector of edit.remove) $(selector).remove();
    $.root().append(`\n${edit.append.trim()}\n`);
  }
  return tidy($.html());
}

/** Before (the same head serialised without edits, so only the edit shows as a difference) and after. */
export function headPreview(headHtml: string | null, edit: HeadEdit): HeadPreview | null {
  if (headHtml === null) return null;
  return { before: editHead(headHtml, []), after: editHead(headHtml, [edit]) };
}

/** Replaces the inner HTML of a page's head (or inserts a head) with the edits applied. */
export function applyHeadEdits(pageHtml: string, headHtml: string | null, edits: readonly HeadEdit[]): string {
  if (headHtml === null || !edits.length) return pageHtml;
  const after = editHead(headHtml, edits);
  const at = pageHtml.indexOf(headHtml);
  if (at < 0) return pageHtml;
  return `${pageHtml.slice(0, at)}\n${after}\n${pageHtml.slice(at + headHtml.length)}`;
}

/** Removed elements leave their line breaks behind: at most one empty line in a row. */
function tidy(html: string): string {
  return html.replace(/\n[ \t]*(\n[ \t]*)+/g, '\n').trim();
}

/** A page with head snippets applied: what the page would serve once the fixes are in (the CLI's preview, the round-trip test). */
export function applyHeadSnippets(pageHtml: string, headHtml: string | null, snippets: readonly string[]): string {
  return applyHeadEdits(pageHtml, headHtml, snippets.map(headEditOf));
}
