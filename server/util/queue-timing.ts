/** Where every BullMQ queue of Citable keeps its keys in Redis. */
export const QUEUE_PREFIX = 'citable:bull';

/**
 * How long a worker holds a job before BullMQ may give it to another, and how often it checks for stalled jobs: a
 * worker killed mid-job (crawl pages, log ingests) loses its job to another worker after about this long.
 */
export const JOB_LOCK_MS = 15_000;
export const STALL_CHECK_MS = 5_000;
