import { parseUrl } from '../url/parse.js';

/**
 * Where llmstxt.org proposes a page's Markdown version: "the same URL as the original page, but with .md
 * appended (URLs without file names should append index.html.md instead)". Query and fragment are dropped;
 * a URL that already ends in .md has no mirror of its own.
 */
export function markdownMirrorUrl(pageUrl: string): string | null {
  const url = parseUrl(pageUrl);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (/\.md$/i.test(url.pathname)) return null;
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.endsWith('/') ? `${url.pathname}index.html.md` : `${url.pathname}.md`;
  return url.href;
}
