import type { AgentFileKind } from '../types/audit.js';
import { parseLinkHeader } from '../facts/link-header.js';
import { parseUrl } from '../url/parse.js';
import { AGENT_FILE_MEMBERS, AGENT_FILES } from './kinds.js';

/** A `<link>` element as gathering and the page facts both see it: relation tokens and the resolved href. */
export interface HtmlLink {
  rel: readonly string[];
  href: string | null;
}

export interface AgentFileLinkTarget {
  kind: AgentFileKind;
  via: 'link_header' | 'link_element';
  url: string;
}

/** Links a page carries to fetch at most: a page cannot make an audit fetch without end. */
export const MAX_AGENT_FILE_LINKS = 8;

/**
 * The agent discovery files a page points to (docs/api-decisions.md#agent-discovery-signals: "RFC 8288 Link headers and `<link>`
 * elements pointing at any of them count too"): a link whose relation is registered for a kind
 * (`api-catalog`, RFC 9727), or any link whose target is a kind's well-known path, on any origin.
 */
export function agentFileLinkTargets(
  pageUrl: string,
  linkHeader: string | undefined,
  htmlLinks: readonly HtmlLink[],
): AgentFileLinkTarget[] {
  const out: AgentFileLinkTarget[] = [];
  const add = (rels: readonly string[], href: string | null, via: AgentFileLinkTarget['via']) => {
    const url = href ? parseUrl(href) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return;
    url.hash = '';
    const kind = kindOfLink(rels, url.pathname);
    if (!kind || out.some((t) => t.kind === kind && t.url === url.href && t.via === via)) return;
    if (out.length < MAX_AGENT_FILE_LINKS) out.push({ kind, via, url: url.href });
  };
  for (const link of parseLinkHeader(linkHeader, pageUrl)) add(link.rels, link.href, 'link_header');
  for (const link of htmlLinks) add(link.rel, link.href, 'link_element');
  return out;
}

function kindOfLink(rels: readonly string[], pathname: string): AgentFileKind | null {
  for (const member of AGENT_FILE_MEMBERS) {
    const spec = AGENT_FILES[member];
    if (pathname === spec.path || spec.rels.some((r) => rels.includes(r))) return spec.kind;
  }
  return null;
}
