/**
 * Pages as BullMQ jobs: the coordinator (in whichever `citable worker` runs the crawl's job) queues each page it
 * admits past the host gate, and waits for the worker that took it. The page's answer comes back as the job's
 * return value (the audit with it; the coordinator stores it). A page whose job fails for good is a failed page.
 *
 * Redis losing its data (FLUSHALL, a restart without persistence, a failover to an empty replica) must not
 * mix pages up or stop a crawl: each job has an id of its own (BullMQ's numbers start again at 1 in an empty
 * Redis, and a waiter for the lost job 5 would take the answer of the new job 5, another page), and a job
 * that is no longer in Redis is queued again (its page is audited again; its audit id is the same).
 */
import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import type { CrawlPageRequest, CrawlPageResult } from '../../../shared/crawl/crawl-page.js';
import { AuditCancelledError } from '../../audits/audit-runner.js';
import type { CrawlPageRunner } from '../page-runner.js';
import type { CrawlQueues } from './crawl-queues.js';

export interface PageJobData {
  request: CrawlPageRequest;
}

/** How often a waiting page checks that its job is still in Redis. */
export const LOST_JOB_CHECK_MS = 5_000;

type PageQueues = Pick<CrawlQueues, 'pages' | 'pageEvents'>;

function addPageJob(queues: PageQueues, request: CrawlPageRequest): Promise<Job<PageJobData, CrawlPageResult>> {
  // The site files are read from the store by the worker that takes the job (once per crawl and process).
  return queues.pages.add('page', { request } satisfies PageJobData, {
    jobId: `page.${randomUUID()}`,
    attempts: 3,
    backoff: { type: 'fixed', delay: 1_000 },
    // Kept a little after completion, so the wait below reads its answer even if it finished first.
    removeOnComplete: { count: 2_000 },
    removeOnFail: { count: 2_000 },
  });
}

/** True when Redis no longer has the job (nor can say it has). */
async function jobLost(queues: PageQueues, jobId: string): Promise<boolean> {
  return (await queues.pages.getJobState(jobId).catch(() => 'unknown' as const)) === 'unknown';
}

/** Resolves once the job is no longer in Redis (checked every `everyMs`), unless `stop` aborts first. */
function lostJob(queues: PageQueues, jobId: string, everyMs: number, stop: AbortSignal): Promise<'lost'> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      queues.pages.getJobState(jobId).then(
        (state) => {
          if (state === 'unknown' && !stop.aborted) resolve('lost');
        },
        () => undefined, // Redis away for a moment: ask again at the next check
      );
    }, everyMs);
    stop.addEventListener('abort', () => clearInterval(timer), { once: true });
  });
}

/** Rejects with AuditCancelledError once `signal` aborts. */
function whenAborted(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_resolve, reject) => {
    const fail = () => reject(new AuditCancelledError('the crawl stopped'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);
  return aborted;
}

/** The page's result from the worker that audits its job; a job Redis lost is queued again. */
async function auditedByAWorker(
  queues: PageQueues,
  request: CrawlPageRequest,
  signal: AbortSignal,
  lostCheckMs: number,
): Promise<CrawlPageResult> {
  for (;;) {
    const job = await addPageJob(queues, request);
    const done = new AbortController();
    try {
      const outcome = await Promise.race([
        job.waitUntilFinished(queues.pageEvents) as Promise<CrawlPageResult>,
        lostJob(queues, job.id!, lostCheckMs, done.signal),
        whenAborted(signal),
      ]);
      if (outcome !== 'lost') return outcome;
    } catch (error) {
      if (signal.aborted) {
        await job.remove().catch(() => undefined); // still waiting: nobody needs it now
        throw error;
      }
      // BullMQ answers a wait for a job it no longer has as a failure: that job was lost, not failed.
      if (!(await jobLost(queues, job.id!))) throw error;
    } finally {
      done.abort();
    }
  }
}

export function queuePageRunner(queues: PageQueues, options: { lostCheckMs?: number } = {}): CrawlPageRunner {
  const lostCheckMs = options.lostCheckMs ?? LOST_JOB_CHECK_MS;
  return {
    async runPage(request, _siteFiles, signal) {
      // The crawl's signal lives as long as the crawl: this page listens to it only while it runs.
      const page = new AbortController();
      const stop = () => page.abort();
      if (signal.aborted) page.abort();
      else signal.addEventListener('abort', stop, { once: true });
      try {
        return await auditedByAWorker(queues, request, page.signal, lostCheckMs);
      } catch (error) {
        if (signal.aborted) throw error;
        return {
          kind: 'failed',
          code: 'network',
          message: `the page audit failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
  };
}
