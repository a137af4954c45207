import type { Crawl } from '../../lib/api/types.js';
import { crawlProgress, crawlRunning } from '../../lib/dashboard/crawl-progress.js';

/** A crawl's status and progress as words and a progress bar (shared by the crawl list, its page and the popup). */
export function CrawlStatus({ crawl }: { crawl: Pick<Crawl, 'status' | 'progress' | 'error'> }) {
  const { text, done } = crawlProgress(crawl);
  return (
    <span class="crawl-status" data-status={crawl.status}>
      <span class={`status status-${crawl.status}`}>{crawl.status}</span> <span class="small">{text}</span>
      {crawlRunning(crawl) &&
        (done === null ? <progress aria-label="Crawl progress" /> : <progress aria-label="Crawl progress" max={1} value={done} />)}
      {crawl.error && <span class="error small"> {crawl.error}</span>}
    </span>
  );
}
