import type { JudgeContext } from '../judge/context.js';
import type { AssetSource } from './signal.js';
import { findNeedles } from './needle-scan.js';

/** The literals the fingerprint table looks for, gathered once so the raw HTML is scanned once. */
export interface NeedleSet {
  html: readonly string[];
  assets: Readonly<Record<AssetSource, readonly string[]>>;
}

/** What a page shows that builders leave behind; read from PageFacts, headers and one scan of the raw HTML. */
export interface PageObservations {
  generators: readonly string[];
  metaNames: ReadonlyMap<string, string[]>;
  /** needle → the first asset URL containing it (lower-cased). */
  assetHits: Readonly<Record<AssetSource, ReadonlyMap<string, string>>>;
  /** The asset URLs looked at (lower-cased, bounded), for file-name patterns. */
  assetUrls: Readonly<Record<AssetSource, readonly string[]>>;
  /** needle → a short snippet around its first occurrence outside the visible text. */
  htmlHits: ReadonlyMap<string, string>;
  htmlAttrs: Readonly<Record<string, string>>;
  bodyAttrs: Readonly<Record<string, string>>;
  comments: readonly string[];
  headers: ReadonlyMap<string, string>;
  cookies: readonly string[];
  host: string;
  tagCounts: ReadonlyMap<string, number>;
  rootIds: ReadonlySet<string>;
}

// Bounds keep a page with 50,000 images cheap; builder assets sit among the first references anyway.
const MAX_ASSETS_PER_SOURCE = 1000;
const MAX_URL_LENGTH = 1000;
const SNIPPET_RADIUS = 40;

export function observePage(ctx: JudgeContext, needles: NeedleSet): PageObservations {
  const facts = ctx.facts;
  const headers = headerMap(ctx.snapshot.page.headers);
  const assetUrls = {
    script: keptUrls(facts.scripts.map((s) => s.src)),
    link: keptUrls(facts.links.map((l) => l.href)),
    img: keptUrls(facts.images.map((i) => i.src)),
  };
  return {
    generators: facts.metaByName.get('generator') ?? [],
    metaNames: facts.metaByName,
    assetHits: {
      script: assetHits(assetUrls.script, needles.assets.script),
      link: assetHits(assetUrls.link, needles.assets.link),
      img: assetHits(assetUrls.img, needles.assets.img),
    },
    assetUrls,
    htmlHits: htmlHits(ctx.snapshot.page.body, facts.text, needles.html),
    htmlAttrs: facts.htmlAttrs,
    bodyAttrs: facts.bodyAttrs,
    comments: facts.comments,
    headers,
    cookies: cookieNames(headers.get('set-cookie') ?? ''),
    host: pageHost(ctx),
    tagCounts: facts.tagCounts,
    rootIds: new Set(facts.rootContainers.map((r) => r.id)),
  };
}

function keptUrls(urls: ReadonlyArray<string | null>): string[] {
  const kept: string[] = [];
  for (const url of urls) {
    if (kept.length >= MAX_ASSETS_PER_SOURCE) break;
    // data: URIs can be megabytes of base64 and name no host.
    if (url && url.length <= MAX_URL_LENGTH && !url.startsWith('data:')) kept.push(url.toLowerCase());
  }
  return kept;
}

function assetHits(kept: readonly string[], needles: readonly string[]): Map<string, string> {
  const joined = kept.join('\n');
  const hits = new Map<string, string>();
  for (const [needle, at] of findNeedles(joined, needles)) hits.set(needle, lineAround(joined, at));
  return hits;
}

/**
 * Raw-HTML markers count only where the reader cannot see them: a blog post that writes
 * "Shopify.theme" or shows `class="wp-block-group"` in a code sample is not that builder.
 */
function htmlHits(body: string, visibleText: string, needles: readonly string[]): Map<string, string> {
  const hits = new Map<string, string>();
  for (const [needle, at] of findNeedles(body, needles)) {
    if (visibleText.includes(needle)) continue;
    hits.set(needle, snippet(body, at, needle.length));
  }
  return hits;
}

function headerMap(raw: Record<string, string> | undefined): Map<string, string> {
  const map = new Map<string, string>();
  if (!raw) return map;
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (typeof value === 'string') map.set(name.toLowerCase(), value);
  }
  return map;
}

/** Cookie names from `set-cookie` (several cookies joined with "\n"). */
function cookieNames(setCookie: string): string[] {
  const names: string[] = [];
  for (const line of setCookie.split('\n')) {
    const eq = line.indexOf('=');
    const name = (eq >= 0 ? line.slice(0, eq) : '').trim();
    if (name) names.push(name);
  }
  return names;
}

function pageHost(ctx: JudgeContext): string {
  try {
    return ctx.pageUrl.hostname.toLowerCase();
  } catch {
    return '';
  }
}

function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end < 0 ? text.length : end);
}

function snippet(text: string, at: number, length: number): string {
  return text
    .slice(Math.max(0, at - SNIPPET_RADIUS), at + length + SNIPPET_RADIUS)
    .replace(/\s+/g, ' ')
    .trim();
}
