import type { Crawl } from '../api/types.js';

/** A crawl still working (the views poll it). */
export function crawlRunning(crawl: Pick<Crawl, 'status'>): boolean {
  return crawl.status === 'queued' || crawl.status === 'running';
}

/** "12 of 40 pages audited, 1 failed, 3 skipped" and the share done (0–1; null while nothing is discovered). */
export function crawlProgress(crawl: Pick<Crawl, 'status' | 'progress'>): { text: string; done: number | null } {
  const { discovered, audited, failed, skipped } = crawl.progress;
  const parts = [`${audited} of ${discovered} page${discovered === 1 ? '' : 's'} audited`];
  if (failed) parts.push(`${failed} failed`);
  if (skipped) parts.push(`${skipped} skipped`);
  const finished = audited + failed;
  return { text: parts.join(', '), done: discovered > 0 ? Math.min(1, finished / discovered) : null };
}
