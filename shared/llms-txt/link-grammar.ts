/** The llmstxt.org file-list item: `- [name](url)` optionally followed by `: notes`. */

export interface ParsedListItem {
  /** The list marker as written: `-`, `*`, `+`, `1.` ... */
  marker: string;
  name: string;
  url: string;
  /** Text after `: `, or null. */
  notes: string | null;
  /** Text after the link that does not follow the `: notes` form, or null. */
  stray: string | null;
}

export type ListItemParse = { ok: true; item: ParsedListItem } | { ok: false; marker: string; content: string };

const LIST_ITEM = /^[ \t]*([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const LINK_AT_START = /^\[([^\]]*)\]\(([^)]*)\)(.*)$/;

/** Matches a Markdown list item line; null when the line is not one. */
export function matchListItem(line: string): { marker: string; content: string } | null {
  const m = LIST_ITEM.exec(line);
  return m ? { marker: m[1]!, content: m[2]!.trim() } : null;
}

export function parseListItem(marker: string, content: string): ListItemParse {
  const m = LINK_AT_START.exec(content);
  if (!m) return { ok: false, marker, content };
  const rest = m[3]!.trim();
  const notes = rest.startsWith(':') ? rest.slice(1).trim() : null;
  return {
    ok: true,
    item: { marker, name: m[1]!.trim(), url: m[2]!.trim(), notes, stray: rest && notes === null ? rest : null },
  };
}

/**
 * Why a link target is not usable by an agent reading the file on its own, or null when it is:
 * llms.txt links must be absolute http(s) URLs or root-relative paths.
 */
export function linkUrlProblem(url: string): string | null {
  if (!url) return 'the link has no URL';
  if (/\s/.test(url)) return `the URL "${clip(url)}" contains spaces`;
  if (url.startsWith('//')) return parses('https:' + url) ? null : `"${clip(url)}" is not a well-formed URL`;
  if (url.startsWith('/')) return parses(url, 'https://example.invalid') ? null : `"${clip(url)}" is not a well-formed path`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return `"${clip(url)}" is a relative URL (use an absolute URL or a path starting with /)`;
  if (scheme !== 'http' && scheme !== 'https') return `"${clip(url)}" is a ${scheme}: link, not a web page`;
  try {
    const parsed = new URL(url);
    return parsed.hostname ? null : `"${clip(url)}" has no host`;
  } catch {
    return `"${clip(url)}" is not a well-formed URL`;
  }
}

function parses(url: string, base?: string): boolean {
  try {
    new URL(url, base);
    return true;
  } catch {
    return false;
  }
}

/** Quotes at most 60 characters of user text in a message. */
export function clip(text: string, max = 60): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? oneLine.slice(0, max - 1) + '…' : oneLine;
}
