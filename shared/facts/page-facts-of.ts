/**
 * The facts of a fetched page, read once per response: gathering reads them for the scripts and links it fetches
 * next, and the judges read the same object instead of parsing the page again (one HTML pass per page, not two).
 * Keyed by the response object, so a snapshot that is copied or sent between threads simply reads them again.
 */
import type { FetchedResource } from '../types/fetcher.js';
import { extractPageFacts, type PageFacts } from './page-facts.js';

const read = new WeakMap<FetchedResource, { baseUrl: string; facts: PageFacts }>();

export function pageFactsOf(page: FetchedResource, baseUrl: string): PageFacts {
  const known = read.get(page);
  if (known?.baseUrl === baseUrl) return known.facts;
  const facts = extractPageFacts(page.body, baseUrl);
  read.set(page, { baseUrl, facts });
  return facts;
}
