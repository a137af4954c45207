import type { Crawl } from '../../lib/api/types.js';
import { crawlProgress, crawlRunning } from '../../lib/dashboard/crawl-progress.js';
import { t } from '../../lib/i18n/t.js';

/** A crawl's status and progress as words and a progress bar (shared by the crawl list, its page and the popup). */
export function CrawlStatus({ crawl }: { crawl: Pick<Crawl, 'status' | 'progress' | 'error'> }) {
  const { text, done } = crawlProgress(crawl);
  return (
    <span class="crawl-status" data-status={crawl.status}>
      <span class={`status status-${crawl.status}`}>{statusText(crawl.status)}</span> <span class="small">{text}</span>
      {crawlRunning(crawl) &&
        (done === null ? (
          <progress aria-label={t('crawlProgressLabel')} />
        ) : (
          <progress aria-label={t('crawlProgressLabel')} max={1} value={done} />
        ))}
      {crawl.error && <span class="error small"> {crawl.error}</span>}
    </span>
  );
}

const STATUS = {
  queued: 'crawlStatus_queued',
  running: 'crawlStatus_running',
  complete: 'crawlStatus_complete',
  failed: 'crawlStatus_failed',
  cancelled: 'crawlStatus_cancelled',
} as const;

/** The status in words ("Running"); a status this version does not know is shown as the API gives it. */
function statusText(status: string): string {
  return status in STATUS ? t(STATUS[status as keyof typeof STATUS]) : status;
}
