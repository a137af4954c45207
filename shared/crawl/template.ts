/**
 * Pages grouped by URL pattern (docs/api-decisions.md#crawls, `templates`), from the URL alone so a page's group
 * never changes as the crawl goes on: the home page is `/`; a page one segment deep is `/*` (about,
 * pricing, a flat blog's posts); deeper pages keep their first segment (`/blog/*`, `/docs/*`, `/fr/*`),
 * unless that segment is itself a value (a number, a date, a hash), which reads as `/*`.
 */
import { parseUrl } from '../url/parse.js';

/** Distinct patterns a crawl keeps apart; pages of any further pattern count under OTHER_TEMPLATE. */
export const MAX_TEMPLATES = 200;
export const OTHER_TEMPLATE = '(other)';

const VALUE_SEGMENT = /^(?:\d+|\d{4}-\d{2}(?:-\d{2})?|[0-9a-f]{8,}|[0-9a-f-]{36})$/i;

export function templateOf(url: string): string {
  const parsed = parseUrl(url);
  if (!parsed) return '/*';
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (segments.length === 0) return '/';
  if (segments.length === 1) return '/*';
  const first = segments[0]!;
  if (VALUE_SEGMENT.test(first)) return '/*';
  let name: string;
  try {
    name = decodeURIComponent(first);
  } catch {
    name = first;
  }
  return `/${name.slice(0, 60)}/*`;
}
