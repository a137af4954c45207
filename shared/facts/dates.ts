/**
 * Publish and modified dates a page states for machines: JSON-LD, article/Dublin Core meta tags,
 * microdata and `<time datetime>`. Parsing is ISO 8601 only and done by hand in UTC, so the result
 * never depends on the host's time zone or on a JavaScript engine's lenient Date.parse.
 */
import type { JudgeContext } from '../judge/context.js';
import type { PageFacts } from './page-facts.js';
import { datesArePages, jsonLdValuesOf, type JsonLdValues } from './jsonld-values.js';

export type DateKind = 'published' | 'modified' | 'unspecified';
export type DateSource = 'json-ld' | 'meta' | 'microdata' | 'time';

export interface PageDate {
  kind: DateKind;
  source: DateSource;
  raw: string;
  /** Milliseconds since the epoch, or null when `raw` is not ISO 8601. */
  time: number | null;
}

const PUBLISHED_PROPERTIES = ['article:published_time', 'og:published_time', 'og:article:published_time'];
const MODIFIED_PROPERTIES = ['article:modified_time', 'og:updated_time', 'og:article:modified_time'];
const PUBLISHED_NAMES = [
  'date',
  'pubdate',
  'publish_date',
  'publishdate',
  'dc.date',
  'dc.date.issued',
  'dcterms.created',
  'dcterms.issued',
  'citation_publication_date',
  'parsely-pub-date',
];
const MODIFIED_NAMES = ['last-modified', 'dcterms.modified', 'dc.date.modified'];

/** The page's dates, read once per audit. */
export function pageDatesOf(ctx: JudgeContext): PageDate[] {
  return ctx.memo('facts.pageDates', () => collectPageDates(ctx.facts, jsonLdValuesOf(ctx)));
}

export function collectPageDates(facts: PageFacts, jsonld: JsonLdValues): PageDate[] {
  const dates: PageDate[] = [];
  const add = (kind: DateKind, source: DateSource, raw: string) => {
    const value = raw.trim();
    if (value) dates.push({ kind, source, raw: value, time: parseIsoDate(value) });
  };
  for (const raw of jsonld.datePublished) add('published', 'json-ld', raw);
  for (const raw of jsonld.dateModified) add('modified', 'json-ld', raw);
  for (const key of PUBLISHED_PROPERTIES) for (const raw of facts.metaByProperty.get(key) ?? []) add('published', 'meta', raw);
  for (const key of MODIFIED_PROPERTIES) for (const raw of facts.metaByProperty.get(key) ?? []) add('modified', 'meta', raw);
  for (const key of PUBLISHED_NAMES) for (const raw of facts.metaByName.get(key) ?? []) add('published', 'meta', raw);
  for (const key of MODIFIED_NAMES) for (const raw of facts.metaByName.get(key) ?? []) add('modified', 'meta', raw);
  for (const { prop, value, scope, pageItem } of facts.itemprops) {
    // A review's or a comment's date is not the page's: only a property of the page's own item (or of none) counts.
    if (pageItem === false || !describesPage(scope)) continue;
    const props = prop.split(/\s+/);
    if (props.includes('datePublished') || props.includes('dateCreated')) add('published', 'microdata', value);
    else if (props.includes('dateModified')) add('modified', 'microdata', value);
  }
  for (const t of facts.times) {
    // <time> does not say which date it is; a bare year or a time of day is not a publication date.
    const raw = t.datetime ?? t.text;
    if (parseIsoDate(raw.trim()) !== null) add('unspecified', 'time', raw);
  }
  return dates;
}

/** An itemtype whose dates may be the page's (or no item at all): not a product, an event, a book ... */
function describesPage(scope: string | null | undefined): boolean {
  if (!scope) return true;
  return datesArePages(scope.split(/\s+/).map((iri) => iri.replace(/^https?:\/\/schema\.org\//i, '').replace(/\/$/, '')));
}

const ISO = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** ISO 8601 calendar date or date-time to epoch ms (UTC when no offset is given); null otherwise. */
export function parseIsoDate(raw: string): number | null {
  const m = ISO.exec(raw.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3] ?? '1', m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  let time = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59));
  const zone = m[7];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    time -= sign * offsetMinutes * 60_000;
  }
  return time;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
