import type { FetchedResource } from '../types/fetcher.js';
import { parseUrl } from '../url/parse.js';

/** Agentmap lines read from robots.txt at most: each names a catalog the audit fetches. */
export const MAX_AGENTMAPS = 2;

/**
 * The AI catalogs robots.txt names with `Agentmap:` lines (Agentic Resource Discovery v0.9, section 6.1:
 * `Agentmap: https://example.com/catalog.json`). Field names are case-insensitive as in RFC 9309; a relative URL is read
 * against robots.txt's own; only http(s) URLs, each once, at most MAX_AGENTMAPS.
 */
export function agentmapUrls(robots: FetchedResource | null | undefined): string[] {
  if (!robots || robots.error || robots.status !== 200 || robots.binary) return [];
  const out: string[] = [];
  for (const line of robots.body.split(/\r\n|\r|\n/)) {
    const match = /^\s*agentmap\s*:\s*(\S+)/i.exec(line);
    const url = match ? parseUrl(match[1]!, robots.finalUrl || robots.url) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
    url.hash = '';
    if (!out.includes(url.href)) out.push(url.href);
    if (out.length === MAX_AGENTMAPS) break;
  }
  return out;
}
