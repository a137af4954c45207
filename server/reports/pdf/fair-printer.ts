/**
 * The server's PDF printer in front of the renderer (pdf-renderer.ts, or its thread: pdf-thread.ts): who waits
 * for a printing slot, in what order, and what is not printed again.
 * - Lanes: every PDF belongs to an account and, when it is asked through a share link (GET /r/{token}, no key),
 *   to that share. Slots go round-robin across the accounts with PDFs waiting, and within an account across its
 *   lanes (its API requests, each of its share links): clients flooding one link, or many links of one account,
 *   wait behind each other, never in front of another account's PDFs.
 * - Bounds: a share link has at most PER_SHARE PDFs waiting or printing and an account PER_ACCOUNT slots' worth;
 *   beyond them PdfLaneBusyError (the API's 429 with Retry-After). The whole line holds `queueLimit` (PdfBusyError,
 *   503), and a PDF that waits past the deadline is PdfTimeoutError.
 * - A cache of printed PDFs keyed by a hash of what is printed (the report's HTML, paper and footer): the same
 *   report asked again is not printed again, and clients asking for one while it prints share that print. A report
 *   whose audit, crawl or branding changed is other HTML, so a new print; an expired or revoked share is refused
 *   before the printer is asked.
 */
import { createHash } from 'node:crypto';
import { PdfBusyError, PdfLaneBusyError, PdfTimeoutError } from './pdf-errors.js';
import type { PdfJob, PdfLane, PdfRenderer } from './pdf-renderer.js';

/** PDFs of one share link waiting or printing at once. */
export const PER_SHARE = 2;
/** Printing slots' worth of PDFs one account may have waiting or printing. */
export const PER_ACCOUNT_SLOTS = 4;
/** Bytes of printed PDFs kept; the least recently used go first. */
export const PDF_CACHE_BYTES = 32 * 1024 * 1024;

export interface FairPrinterOptions {
  concurrency: number;
  timeoutMs: number;
  /** PDFs allowed to wait for a slot (default 8 per slot). */
  queueLimit?: number;
  cacheBytes?: number;
}

interface Waiter {
  start(): void;
  cancel(): void;
}

export function createFairPrinter(inner: PdfRenderer, options: FairPrinterOptions): PdfRenderer {
  const perAccount = options.concurrency * PER_ACCOUNT_SLOTS;
  const slots = new FairSlots(options.concurrency, options.queueLimit ?? options.concurrency * 8, options.timeoutMs);
  const cache = new PdfCache(options.cacheBytes ?? PDF_CACHE_BYTES);
  const printing = new Map<string, Promise<Buffer>>();
  const pendingOf = new Map<string, number>();
  const count = (key: string, by: number) => {
    const n = (pendingOf.get(key) ?? 0) + by;
    if (n > 0) pendingOf.set(key, n);
    else pendingOf.delete(key);
  };

  const print = async (job: PdfJob, lane: PdfLane): Promise<Buffer> => {
    const keys = [`account:${lane.account}`, ...(lane.share ? [`share:${lane.share}`] : [])];
    if (lane.share && (pendingOf.get(keys[1]!) ?? 0) >= PER_SHARE) throw new PdfLaneBusyError('share');
    if ((pendingOf.get(keys[0]!) ?? 0) >= perAccount) throw new PdfLaneBusyError('account');
    for (const key of keys) count(key, 1);
    try {
      await slots.acquire(lane);
      try {
        return await inner.render(job);
      } finally {
        slots.release();
      }
    } finally {
      for (const key of keys) count(key, -1);
    }
  };

  return {
    get pending() {
      return slots.pending;
    },
    render(job, lane = { account: '' }) {
      const key = jobKey(job);
      const cached = cache.get(key);
      if (cached) return Promise.resolve(cached);
      const shared = printing.get(key);
      if (shared) return shared;
      const printed = print(job, lane).then((pdf) => (cache.set(key, pdf), pdf));
      printing.set(key, printed);
      void printed.finally(() => printing.delete(key)).catch(() => undefined);
      return printed;
    },
    close: () => inner.close(),
  };
}

/** Printing slots handed out round-robin across accounts, and within an account across its lanes. */
class FairSlots {
  /** Account → lane → PDFs waiting, in round-robin order (a served lane or account moves to the end). */
  readonly #waiting = new Map<string, Map<string, Waiter[]>>();
  #running = 0;
  #waitingCount = 0;

  constructor(
    readonly capacity: number,
    readonly queueLimit: number,
    readonly timeoutMs: number,
  ) {}

  get pending(): number {
    return this.#running + this.#waitingCount;
  }

  /** Resolves when a slot is this PDF's; PdfBusyError when the line is full, PdfTimeoutError past the deadline. */
  acquire(lane: PdfLane): Promise<void> {
    if (this.#running < this.capacity) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waitingCount >= this.queueLimit) return Promise.reject(new PdfBusyError());
    const laneKey = lane.share ? `share:${lane.share}` : 'api';
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => waiter.cancel(), this.timeoutMs);
      const waiter: Waiter = {
        start: () => (clearTimeout(timer), resolve()),
        cancel: () => {
          if (this.#remove(lane.account, laneKey, waiter)) reject(new PdfTimeoutError(this.timeoutMs));
        },
      };
      const lanes = this.#waiting.get(lane.account) ?? new Map<string, Waiter[]>();
      this.#waiting.set(lane.account, lanes);
      lanes.set(laneKey, [...(lanes.get(laneKey) ?? []), waiter]);
      this.#waitingCount++;
    });
  }

  /** A slot is free: it passes to the next account in turn, and to that account's next lane in turn. */
  release(): void {
    for (const [account, lanes] of this.#waiting) {
      for (const [lane, line] of lanes) {
        const waiter = line[0]!;
        this.#remove(account, lane, waiter);
        this.#toBack(account, lane);
        waiter.start();
        return;
      }
    }
    this.#running--;
  }

  /** A lane just served, and its account, go to the end of their turns (a Map keeps insertion order). */
  #toBack(account: string, lane: string): void {
    const lanes = this.#waiting.get(account);
    if (!lanes) return;
    const line = lanes.get(lane);
    if (line) {
      lanes.delete(lane);
      lanes.set(lane, line);
    }
    this.#waiting.delete(account);
    this.#waiting.set(account, lanes);
  }

  #remove(account: string, lane: string, waiter: Waiter): boolean {
    const lanes = this.#waiting.get(account);
    const line = lanes?.get(lane);
    const at = line?.indexOf(waiter) ?? -1;
    if (at < 0) return false;
    line!.splice(at, 1);
    if (!line!.length) lanes!.delete(lane);
    if (!lanes!.size) this.#waiting.delete(account);
    this.#waitingCount--;
    return true;
  }
}

function jobKey(job: PdfJob): string {
  return createHash('sha256').update(`${job.paper}\n${job.footerTemplate}\n`).update(job.html).digest('hex');
}

/** Printed PDFs by their job's hash, at most `maxBytes` of them, least recently used first out. */
class PdfCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const pdf = this.#entries.get(key);
    if (pdf) {
      this.#entries.delete(key);
      this.#entries.set(key, pdf);
    }
    return pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes / 4 || this.#entries.has(key)) return;
    this.#entries.set(key, pdf);
    this.#bytes += pdf.length;
    for (const [oldest, bytes] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= bytes.length;
    }
  }
}
