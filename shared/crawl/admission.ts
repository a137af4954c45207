/**
 * Which newly found URLs a crawl will audit (docs/api-decisions.md#crawls): every distinct URL counts once in
 * `discovered`; same-host URLs robots.txt allows are queued while fewer than `max_pages` have been, the rest
 * are skipped (over max_pages), as are URLs on other hosts and URLs robots.txt refuses. The first queued URL of
 * each template (up to MAX_SAMPLE_TEMPLATES) is a sample page. Pure: the stores call it under their own
 * lock with what they have already seen removed, so the same input gives the same crawl in every store.
 */
import { templateOf } from './template.js';

/** Templates sampled besides the start page: one page each is also fetched as AI agents and as Markdown. */
export const MAX_SAMPLE_TEMPLATES = 20;

export interface AdmissionState {
  /** URLs queued so far (the start URL included). */
  queued: number;
  /** Templates that already have their sample page. */
  sampled: string[];
}

/** URLs found by one step of the crawl (its start, or one audited page). */
export interface Discovery {
  /** Same-host URLs robots.txt allows, in the order found. */
  pages: string[];
  /** URLs that are never fetched: other hosts, refused by robots.txt. */
  skips: string[];
  /** URLs only counted (a sitemap's tail beyond what discovery keeps): discovered and skipped. */
  uncounted?: number;
  /** URLs never fetched, by why: counted per reason when new, for the crawl's notes (besides `skips`, whose reason is not told). */
  skipsBy?: Partial<Record<SkipReason, string[]>>;
  /** Sentences this step adds to the crawl's notes (a sitemap that could not be read), kept with the crawl. */
  notes?: string[];
}

/** Why a URL found was never fetched: robots.txt refuses it, it links to another host, a sitemap lists another site. */
export type SkipReason = 'robots' | 'off_host' | 'off_site';
export const SKIP_REASONS: readonly SkipReason[] = ['robots', 'off_host', 'off_site'];
export type SkipCounts = Record<SkipReason, number>;

/** Every URL a discovery names (what a store checks against those it has seen). */
export function discoveryUrls(found: Discovery): string[] {
  const urls = [...found.pages, ...found.skips];
  for (const reason of SKIP_REASONS) urls.push(...(found.skipsBy?.[reason] ?? []));
  return [...new Set(urls)];
}

export interface QueuedUrl {
  url: string;
  template: string;
  sample: boolean;
}

export interface AdmissionDecision {
  queued: QueuedUrl[];
  /** New URLs not queued (other host, robots.txt, over max_pages). */
  skipped: string[];
  /** `uncounted` carried through. */
  uncounted: number;
  /** Of `skipped`, those from `skipsBy`, per reason. */
  skippedBy: SkipCounts;
}

/**
 * Decides for URLs the crawl has not seen yet (`isNew` says which). Mutates `state`. A URL listed twice in
 * one discovery counts once; a URL both skipped and a page is a page.
 */
export function decideAdmission(
  state: AdmissionState,
  found: Discovery,
  maxPages: number,
  isNew: (url: string) => boolean,
): AdmissionDecision {
  const decided = new Set<string>();
  const queued: QueuedUrl[] = [];
  const skipped: string[] = [];
  for (const url of found.pages) {
    if (decided.has(url) || !isNew(url)) continue;
    decided.add(url);
    if (state.queued >= maxPages) {
      skipped.push(url);
      continue;
    }
    state.queued++;
    const template = templateOf(url);
    const sample = !state.sampled.includes(template) && state.sampled.length < MAX_SAMPLE_TEMPLATES + 1;
    if (sample) state.sampled.push(template);
    queued.push({ url, template, sample });
  }
  const skippedBy: SkipCounts = { robots: 0, off_host: 0, off_site: 0 };
  const skip = (url: string, reason: SkipReason | null) => {
    if (decided.has(url) || !isNew(url)) return;
    decided.add(url);
    skipped.push(url);
    if (reason) skippedBy[reason]++;
  };
  for (const url of found.skips) skip(url, null);
  for (const reason of SKIP_REASONS) for (const url of found.skipsBy?.[reason] ?? []) skip(url, reason);
  return { queued, skipped, uncounted: found.uncounted ?? 0, skippedBy };
}
