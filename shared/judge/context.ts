import type { Snapshot } from '../types/snapshot.js';
import { extractPageFacts, type PageFacts } from '../facts/page-facts.js';
import { pageFactsOf } from '../facts/page-facts-of.js';
import { parseUrl } from '../url/parse.js';

/**
 * What rules read: the snapshot plus derived facts computed once and shared.
 * Parsing is lazy and memoised so a rule that needs robots.txt does not pay for the DOM twice.
 */
export class JudgeContext {
  private readonly cache = new Map<string, unknown>();

  constructor(readonly snapshot: Snapshot) {}

  /** Computes `make()` once per context under `key`; modules add their own derived facts this way. */
  memo<T>(key: string, make: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const value = make();
    this.cache.set(key, value);
    return value;
  }

  /** The final URL of the page (after redirects), falling back to the requested URL. */
  get pageUrl(): URL {
    return this.memo(
      'pageUrl',
      () => parseUrl(this.snapshot.page.finalUrl || this.snapshot.requestedUrl) ?? new URL(this.snapshot.requestedUrl),
    );
  }

  /** True when the page answered 2xx with a body we could read. */
  get pageOk(): boolean {
    const p = this.snapshot.page;
    return !p.error && p.status >= 200 && p.status < 300 && !p.binary;
  }

  /** Facts of the server's HTML as fetched (what AI crawlers see). */
  get facts(): PageFacts {
    return this.memo('facts', () => pageFactsOf(this.snapshot.page, this.pageUrl.href));
  }

  /** Facts of the rendered DOM, when the extension or the server's browser captured one. */
  get renderedFacts(): PageFacts | null {
    return this.memo('renderedFacts', () => {
      const r = this.snapshot.rendered;
      return r ? extractPageFacts(r.html, r.url || this.pageUrl.href) : null;
    });
  }
}
