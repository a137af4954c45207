import type { HtmlLink } from '../agent-discovery/page-links.js';
import { parseLinkHeader } from '../facts/link-header.js';
import { parseUrl } from '../url/parse.js';

/**
 * llms.txt v2 (llmstxt.org/changes.md, August 2026): a page names the llms.txt that covers it with
 * `rel="describedby"`, as a `<link>` element or in its HTTP `Link` header, and a file in a subpath covers the
 * pages under that path. The audit reads the file the page names when it is on the page's own origin, is
 * named `llms.txt` and is not the origin's /llms.txt (fetched anyway): a project site that controls only its
 * path, or a docs section with its own file, is then judged by that file rather than called "missing".
 * The Link header is read first, as agents that never parse HTML see it.
 */
export function describedLlmsTxtUrl(pageUrl: string, linkHeader: string | undefined, htmlLinks: readonly HtmlLink[]): string | null {
  const page = parseUrl(pageUrl);
  if (!page) return null;
  const candidates = [...parseLinkHeader(linkHeader, pageUrl).map((l) => ({ rel: l.rels, href: l.href })), ...htmlLinks];
  for (const link of candidates) {
    if (!link.rel.includes('describedby') || !link.href) continue;
    const url = parseUrl(link.href);
    if (!url || url.origin !== page.origin || !/\/llms\.txt$/.test(url.pathname) || url.pathname === '/llms.txt') continue;
    url.hash = '';
    return url.href;
  }
  return null;
}
