import type { Crawl } from '../api/types.js';
import { t, tp } from '../i18n/t.js';

/** A crawl still working (the views poll it). */
export function crawlRunning(crawl: Pick<Crawl, 'status'>): boolean {
  return crawl.status === 'queued' || crawl.status === 'running';
}

/**
 * "12 of 40 pages audited, 1 failed, 3 skipped" and the share done (0–1). Before the first page is done the
 * count of pages found is only the start page, so "0 of 1 page audited" would read as a one-page site: it says
 * it is waiting or finding pages instead, and the share is null (an indeterminate bar).
 */
export function crawlProgress(crawl: Pick<Crawl, 'status' | 'progress'>): { text: string; done: number | null } {
  const { discovered, audited, failed, skipped } = crawl.progress;
  if (crawl.status === 'queued') return { text: t('crawlWaiting'), done: null };
  if (crawl.status === 'running' && audited + failed === 0) return { text: t('crawlFinding', discovered), done: null };
  const parts = [tp('crawlAudited', discovered, audited)];
  if (failed) parts.push(t('crawlFailedCount', failed));
  if (skipped) parts.push(t('crawlSkippedCount', skipped));
  const finished = audited + failed;
  return { text: parts.join(', '), done: discovered > 0 ? Math.min(1, finished / discovered) : null };
}
