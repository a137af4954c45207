/**
 * The few JSON-LD values the Trust rules need (author, dates, publisher, page types), read from every
 * `application/ld+json` block, including `@graph` and nodes nested anywhere (a WebPage's mainEntity).
 * Deliberately small: the Structured Data category owns full JSON-LD validation. This reader exists so
 * author and dates given only in JSON-LD are never missed (the mistake aiseo-audit makes).
 */
import type { JudgeContext } from '../judge/context.js';
import { hasFamily } from '../structured-data/schema-families.js';

export interface JsonLdAuthor {
  /** The author's name, or the @id of an unresolved reference; null when neither is given. */
  name: string | null;
  /** schema.org type (Person, Organization ...), prefix removed; null when not stated. */
  type: string | null;
}

export interface JsonLdValues {
  /** Blocks that parsed, and blocks that did not. */
  blocks: number;
  invalidBlocks: number;
  /** Every @type seen on any node, prefix removed ("https://schema.org/Article" → "Article"). */
  types: string[];
  authors: JsonLdAuthor[];
  datePublished: string[];
  dateModified: string[];
  /** Publisher names (or @id of unresolved references). */
  publishers: string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * Things whose dates are their own, not the page's: a music track's or a book's datePublished is when it came
 * out, an event's and a product's dates are its schedule and release. Any other type (an article, a post, a
 * page, a recipe, a podcast episode, a fact check) is published on the page, and its dates are the page's.
 */
const OWN_DATE_TYPES: ReadonlySet<string> = new Set([
  'MusicRecording',
  'MusicAlbum',
  'MusicComposition',
  'MusicRelease',
  'MusicPlaylist',
  'Book',
  'Audiobook',
  'Movie',
  'TVSeries',
  'TVSeason',
  'TVEpisode',
  'VideoGame',
  'Product',
  'ProductGroup',
  'ProductModel',
  'IndividualProduct',
  'Offer',
  'SoftwareApplication',
  'MobileApplication',
  'WebApplication',
  'Vehicle',
  'Car',
  'Person',
  'Place',
  'Painting',
  'Sculpture',
]);

/** True when a node's dates may be the page's: it is untyped, or of a type that is published on the page. */
export function datesArePages(types: readonly string[]): boolean {
  return !types.some((t) => OWN_DATE_TYPES.has(t) || /Event$/.test(t) || hasFamily([t], 'Organization'));
}

/** Properties through which a node still describes the page: the page's main entity, or the page an article belongs to. */
const PAGE_LINKS = new Set(['mainEntity', 'mainEntityOfPage']);

// Bounds so a hostile page cannot make the walk expensive.
const MAX_NODES = 20_000;
const MAX_DEPTH = 64;

/** The page's JSON-LD values, read once per audit. */
export function jsonLdValuesOf(ctx: JudgeContext): JsonLdValues {
  return ctx.memo('facts.jsonLdValues', () =>
    readJsonLdValues(ctx.facts.scripts.filter((s) => s.type !== null && s.type.startsWith('application/ld+json')).map((s) => s.text)),
  );
}

export function readJsonLdValues(sources: readonly string[]): JsonLdValues {
  const out: JsonLdValues = {
    blocks: 0,
    invalidBlocks: 0,
    types: [],
    authors: [],
    datePublished: [],
    dateModified: [],
    publishers: [],
  };
  const byId = new Map<string, JsonObject>();
  const authorValues: Json[] = [];
  const publisherValues: Json[] = [];

  for (const source of sources) {
    const parsed = parseLenient(source);
    if (parsed === undefined) {
      out.invalidBlocks++;
      continue;
    }
    out.blocks++;
    walk(parsed, (node, pageLevel) => {
      const id = node['@id'];
      // A bare {"@id": ...} is a reference, not the node it points to.
      if (typeof id === 'string' && !byId.has(id) && Object.keys(node).length > 1) byId.set(id, node);
      const types = typeList(node['@type']);
      for (const t of types) out.types.push(t);
      if (node.author !== undefined) authorValues.push(node.author);
      if (node.publisher !== undefined) publisherValues.push(node.publisher);
      if (pageLevel && datesArePages(types)) {
        out.datePublished.push(...strings(node.datePublished));
        out.dateModified.push(...strings(node.dateModified));
      }
    });
  }

  for (const value of authorValues) {
    for (const item of asArray(value)) {
      const author = entity(item, byId);
      if (author) out.authors.push(author);
    }
  }
  for (const value of publisherValues) {
    for (const item of asArray(value)) {
      const publisher = entity(item, byId);
      if (publisher?.name) out.publishers.push(publisher.name);
    }
  }
  return out;
}

/** JSON.parse, then once more after removing what CMSs commonly get wrong (comment wrappers, raw newlines, trailing commas). */
function parseLenient(source: string): Json | undefined {
  const attempts = [
    source,
    source
      .replace(/^\s*(<!--|<!\[CDATA\[)/, '')
      .replace(/(-->|\]\]>)\s*$/, '')
      .replace(/[\u0000-\u001f]+/g, ' ')
      .replace(/,\s*([}\]])/g, '$1'),
  ];
  for (const text of attempts) {
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text) as Json;
    } catch {
      // try the next, more forgiving attempt
    }
  }
  return undefined;
}

/**
 * Visits every object node, iteratively and with caps. `pageLevel` is true for a node that describes the
 * page: at the top level, in `@graph`, or reached from one through mainEntity / mainEntityOfPage; a value
 * of any other property (a track, a citation, a comment) describes something else.
 */
function walk(root: Json, visit: (node: JsonObject, pageLevel: boolean) => void): void {
  const stack: Array<{ value: Json; depth: number; pageLevel: boolean }> = [{ value: root, depth: 0, pageLevel: true }];
  let seen = 0;
  while (stack.length && seen < MAX_NODES) {
    const { value, depth, pageLevel } = stack.pop()!;
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) continue;
    seen++;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i]!, depth: depth + 1, pageLevel });
      continue;
    }
    visit(value, pageLevel);
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const childLevel = pageLevel && (key === '@graph' || PAGE_LINKS.has(key));
      stack.push({ value: value[key]!, depth: depth + 1, pageLevel: childLevel });
    }
  }
}

/** A person or organisation given as a string, an object with a name, or an @id reference. */
function entity(value: Json, byId: Map<string, JsonObject>): JsonLdAuthor | null {
  if (typeof value === 'string') return value.trim() ? { name: value.trim(), type: null } : null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  let node: JsonObject = value;
  const ref = node['@id'];
  if (typeof ref === 'string' && firstString(node.name) === null) node = byId.get(ref) ?? node;
  const name = firstString(node.name) ?? (typeof ref === 'string' && ref.trim() ? ref.trim() : null);
  const type = typeList(node['@type'])[0] ?? null;
  if (name === null && type === null) return null;
  return { name, type };
}

function typeList(value: Json | undefined): string[] {
  return asArray(value ?? null)
    .filter((v): v is string => typeof v === 'string')
    .map((t) => t.trim().replace(/^(https?:\/\/schema\.org\/|schema:)/i, ''))
    .filter(Boolean);
}

/** Strings of a value that may be a string, an array, or JSON-LD value objects ({"@value": ...}). */
function strings(value: Json | undefined): string[] {
  const out: string[] = [];
  for (const item of asArray(value ?? null)) {
    if (typeof item === 'string' && item.trim()) out.push(item.trim());
    else if (item && typeof item === 'object' && !Array.isArray(item) && typeof item['@value'] === 'string') {
      const v = item['@value'].trim();
      if (v) out.push(v);
    }
  }
  return out;
}

function firstString(value: Json | undefined): string | null {
  return strings(value)[0] ?? null;
}

function asArray(value: Json): Json[] {
  if (value === null) return [];
  return Array.isArray(value) ? value : [value];
}
