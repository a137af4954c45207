/**
 * The vocabulary of builder fingerprints: one signal is one observable fact about a page
 * (a generator tag, an asset host, a response header ...) with the confidence it lends.
 */

/** Where an asset URL was referenced: code (script src, link href) is stronger evidence than an image. */
export type AssetSource = 'script' | 'link' | 'img';

export type Signal =
  | { kind: 'generator'; pattern: RegExp; weight: number }
  | { kind: 'meta'; name: string; weight: number }
  | { kind: 'asset'; needle: string; sources: readonly AssetSource[]; weight: number }
  | { kind: 'assetName'; pattern: RegExp; sources: readonly AssetSource[]; weight: number }
  | { kind: 'html'; needle: string; weight: number }
  | { kind: 'attr'; element: 'html' | 'body'; name: string; pattern?: RegExp; weight: number }
  | { kind: 'comment'; pattern: RegExp; weight: number }
  | { kind: 'header'; name: string; pattern?: RegExp; weight: number }
  | { kind: 'cookie'; name: string; prefix: boolean; weight: number }
  | { kind: 'host'; domain: string; weight: number }
  | { kind: 'tag'; name: string; weight: number }
  | { kind: 'root'; id: string; weight: number };

export type SignalKind = Signal['kind'];

/** Enough on its own. */
export const STRONG = 0.9;
/** Needs one more signal. */
export const GOOD = 0.6;
/** Hot-linkable or shared with embeds: only counts alongside others. */
export const WEAK = 0.3;

/** Combined confidence a builder needs to match (one STRONG, or two GOOD, or GOOD + two WEAK ...). */
export const MATCH_THRESHOLD = 0.75;

/**
 * How specific a builder is; the most specific matching builder wins, so a hosted builder beats a CMS
 * whose widgets it embeds, and both beat the generic framework they are built on.
 */
export const SPECIFICITY = {
  hosted: 40,
  cms: 30,
  siteGenerator: 20,
  appFramework: 10,
} as const;

export interface Fingerprint {
  /** Display name, as the contract spells it. */
  name: string;
  specificity: number;
  signals: readonly Signal[];
}

export const generator = (pattern: RegExp, weight = STRONG): Signal => ({ kind: 'generator', pattern, weight });
export const meta = (name: string, weight = STRONG): Signal => ({ kind: 'meta', name: name.toLowerCase(), weight });
/** Script src or link href (stylesheets, preloads, icons). Needles are matched against lower-cased URLs. */
export const code = (needle: string, weight = STRONG): Signal => ({
  kind: 'asset',
  needle: needle.toLowerCase(),
  sources: ['script', 'link'],
  weight,
});
/**
 * A script src or link href whose URL (lower-cased) matches `pattern`: a builder's file naming, which
 * survives a copy that moves the files to local paths and loses the host.
 */
export const codeNamed = (pattern: RegExp, weight = GOOD): Signal => ({ kind: 'assetName', pattern, sources: ['script', 'link'], weight });
export const image = (needle: string, weight = WEAK): Signal => ({
  kind: 'asset',
  needle: needle.toLowerCase(),
  sources: ['img'],
  weight,
});
/** Any <link href> (canonical, REST API discovery ...). */
export const linkHref = (needle: string, weight = STRONG): Signal => ({
  kind: 'asset',
  needle: needle.toLowerCase(),
  sources: ['link'],
  weight,
});
/** A literal in the raw HTML outside the visible text (attributes, inline scripts, class names). */
export const html = (needle: string, weight = STRONG): Signal => ({ kind: 'html', needle, weight });
export const htmlAttr = (name: string, pattern?: RegExp, weight = STRONG): Signal =>
  pattern ? { kind: 'attr', element: 'html', name, pattern, weight } : { kind: 'attr', element: 'html', name, weight };
export const bodyAttr = (name: string, pattern?: RegExp, weight = STRONG): Signal =>
  pattern ? { kind: 'attr', element: 'body', name, pattern, weight } : { kind: 'attr', element: 'body', name, weight };
export const comment = (pattern: RegExp, weight = STRONG): Signal => ({ kind: 'comment', pattern, weight });
/** A response header (name lower-case), optionally with a value pattern. */
export const header = (name: string, pattern?: RegExp, weight = STRONG): Signal =>
  pattern ? { kind: 'header', name: name.toLowerCase(), pattern, weight } : { kind: 'header', name: name.toLowerCase(), weight };
export const cookie = (name: string, weight = STRONG): Signal => ({ kind: 'cookie', name, prefix: false, weight });
export const cookiePrefix = (name: string, weight = STRONG): Signal => ({ kind: 'cookie', name, prefix: true, weight });
/** The page's host is `domain` or a subdomain of it. */
export const host = (domain: string, weight = STRONG): Signal => ({ kind: 'host', domain: domain.toLowerCase(), weight });
/** A custom element present in the document. */
export const tag = (name: string, weight = STRONG): Signal => ({ kind: 'tag', name, weight });
/** An SPA root container id (as PageFacts collects them). */
export const root = (id: string, weight = STRONG): Signal => ({ kind: 'root', id, weight });
