/**
 * Pages as BullMQ jobs: the coordinator (in whichever `citable worker` runs the crawl's job) queues each page it
 * admits past the host gate, and waits for the worker that took it. The page's answer comes back as the job's
 * return value (the audit with it; the coordinator stores it). A page whose job fails for good is a failed page.
 */
import type { CrawlPageRequest, CrawlPageResult } from '../../../shared/crawl/crawl-page.js';
import { AuditCancelledError } from '../../audits/audit-runner.js';
import type { CrawlPageRunner } from '../page-runner.js';
import type { CrawlQueues } from './crawl-queues.js';

export interface PageJobData {
  request: CrawlPageRequest;
}

export function queuePageRunner(queues: Pick<CrawlQueues, 'pages' | 'pageEvents'>): CrawlPageRunner {
  return {
    async runPage(request, _siteFiles, signal) {
      // The site files are read from the store by the worker that takes the job (once per crawl and process).
      const job = await queues.pages.add('page', { request } satisfies PageJobData, {
        attempts: 3,
        backoff: { type: 'fixed', delay: 1_000 },
        // Kept a little after completion, so the wait below reads its answer even if it finished first.
        removeOnComplete: { count: 2_000 },
        removeOnFail: { count: 2_000 },
      });
      let onAbort = () => undefined as void;
      const aborted = new Promise<never>((_resolve, reject) => {
        onAbort = () => reject(new AuditCancelledError('the crawl stopped'));
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => undefined);
      try {
        return (await Promise.race([job.waitUntilFinished(queues.pageEvents), aborted])) as CrawlPageResult;
      } catch (error) {
        if (signal.aborted) {
          await job.remove().catch(() => undefined); // still waiting: nobody needs it now
          throw error;
        }
        return {
          kind: 'failed',
          code: 'network',
          message: `the page audit failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}
