/**
 * The pages `citable crawl` reports, kept as pages finish instead of a list of every page: the `size`
 * lowest-scoring audited pages (on a tie, the one done first) and the first `size` pages that could not be
 * audited. Read back in the order they were done, so a report that sorts them (stably) by score and takes
 * at most `size` shows exactly what it would have shown from every page. A 10,000-page crawl holds 2 x size.
 */
import type { CrawlPage } from '../../../shared/schema/crawl.js';

interface Kept {
  seq: number;
  page: CrawlPage;
}

export class PageShortlist {
  #seq = 0;
  /** Audited pages, lowest score first (then done first); at most `size`. */
  readonly #worst: Kept[] = [];
  readonly #failed: Kept[] = [];

  constructor(readonly size: number) {}

  add(page: CrawlPage): void {
    const kept = { seq: this.#seq++, page };
    if (page.score === null) {
      if (this.#failed.length < this.size) this.#failed.push(kept);
      return;
    }
    const score = page.score;
    // After every kept page with a score at or below this one: ties keep the order pages were done in.
    let at = this.#worst.length;
    while (at > 0 && this.#worst[at - 1]!.page.score! > score) at--;
    if (at >= this.size) return;
    this.#worst.splice(at, 0, kept);
    if (this.#worst.length > this.size) this.#worst.pop();
  }

  /** The kept pages, in the order they were done. */
  pages(): CrawlPage[] {
    return [...this.#worst, ...this.#failed].sort((a, b) => a.seq - b.seq).map((k) => k.page);
  }
}
