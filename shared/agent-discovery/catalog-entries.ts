import type { AgentFileKind } from '../types/audit.js';
import type { FetchedResource } from '../types/fetcher.js';
import type { AgentCatalogEntry } from '../types/snapshot.js';
import { parseUrl } from '../url/parse.js';
import { specOfKind } from './kinds.js';
import { readAgentFile } from './read-file.js';
import { isObject, MAX_ENTRIES_READ, type Json } from './formats/checks.js';

/** Cards a catalog lists that one audit fetches at most: the signal is informational and each card is a request. */
export const MAX_CATALOG_ENTRIES = 5;

/** The media types of catalog entries Citable can judge (ARD 0.9 section 4.1, ADR 0008), by the kind that reads them. */
const ENTRY_KINDS: Record<string, AgentFileKind> = {
  'application/mcp-server-card+json': 'mcp_server_card',
  'application/a2a-agent-card+json': 'a2a_agent_card',
  'application/ai-catalog+json': 'ai_catalog',
};

export type CatalogEntryTarget = Omit<AgentCatalogEntry, 'resource'>;

/**
 * The entries to fetch from the catalogs an audit read (well-known, linked, named in robots.txt): entries by `url`
 * whose media type (`type`, or `mediaType`) is a card or a nested catalog, each URL once, none already fetched, at
 * most MAX_CATALOG_ENTRIES over all catalogs. Nested catalogs are judged but not followed further (one level).
 */
export function catalogEntryTargets(catalogs: readonly FetchedResource[], alreadyFetched: readonly string[]): CatalogEntryTarget[] {
  const out: CatalogEntryTarget[] = [];
  for (const catalog of catalogs) {
    entriesOf(catalog).forEach((entry, index) => {
      const type = typeof entry.type === 'string' ? entry.type : entry.mediaType;
      const kind = typeof type === 'string' ? ENTRY_KINDS[type.split(';')[0]!.trim().toLowerCase()] : undefined;
      const url = typeof entry.url === 'string' ? parseUrl(entry.url, catalog.finalUrl || catalog.url) : null;
      if (!kind || !url || (url.protocol !== 'https:' && url.protocol !== 'http:') || out.length >= MAX_CATALOG_ENTRIES) return;
      url.hash = '';
      if (alreadyFetched.includes(url.href) || out.some((t) => t.url === url.href)) return;
      out.push({ catalog: catalog.url, index, kind, url: url.href });
    });
  }
  return out;
}

function entriesOf(catalog: FetchedResource): Record<string, Json>[] {
  if (catalog.error || catalog.status !== 200 || catalog.binary || catalog.truncated) return [];
  try {
    const doc = JSON.parse(catalog.body) as Json;
    return isObject(doc) && Array.isArray(doc.entries) ? doc.entries.slice(0, MAX_ENTRIES_READ).filter(isObject) : [];
  } catch {
    return [];
  }
}

/** One note per fetched entry on the catalog that lists it: what it is and its verdict (its first problem when not found). */
export function catalogEntryNote(entry: AgentCatalogEntry): string {
  const verdict = readAgentFile(entry.kind, entry.resource);
  const status = verdict.status === 'not_found' ? 'not found' : verdict.status === 'error' ? 'unreadable' : verdict.status;
  const why = verdict.problems[0] ? `: ${verdict.problems[0]}` : '';
  return `entries[${entry.index}] ${entry.url.slice(0, 200)} is ${specOfKind(entry.kind).label}, ${status}${why}`;
}
