/**
 * Reads one answer against the tracked site. Citations are de-duplicated by page (cleaned URL) in
 * display order, so `position` is the 1-based rank of the first matching page among the distinct pages
 * the engine showed: an answer citing a.com/x, a.com/x, acme.com ranks acme.com 2nd. An unresolved
 * citation still takes its place in that order (the user saw it) but never matches.
 */
import type { EngineAnswer } from '../engines/types.js';
import { cleanUrl } from './clean-url.js';
import { hostMatchesSite, type TrackedSite } from './site-matcher.js';

export interface AnswerScore {
  cited: boolean;
  /** Matching pages, cleaned, distinct, in display order. */
  citedUrls: string[];
  position: number | null;
  /** The site was among the cited or retrieved sources. */
  retrieved: boolean;
  unresolved: number;
}

export function scoreAnswer(answer: EngineAnswer, site: TrackedSite): AnswerScore {
  const seen = new Set<string>();
  const citedUrls: string[] = [];
  let rank = 0;
  let position: number | null = null;
  let unresolved = 0;
  for (const [i, citation] of answer.citations.entries()) {
    const clean = citation.url === null ? null : cleanUrl(citation.url);
    const key = clean?.key ?? `#unreadable-${i}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rank++;
    if (citation.url === null) unresolved++;
    if (clean && hostMatchesSite(clean.host, site)) {
      citedUrls.push(clean.href);
      position ??= rank;
    }
  }
  const retrievedHit = answer.retrieved.some((c) => {
    const clean = c.url === null ? null : cleanUrl(c.url);
    return clean !== null && hostMatchesSite(clean.host, site);
  });
  return { cited: position !== null, citedUrls, position, retrieved: retrievedHit || position !== null, unresolved };
}
