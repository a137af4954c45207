/**
 * What the server's work did: audits, renders, crawl pages, webhook deliveries, citation checks and log
 * lines, each a counter by outcome (audits and renders with a duration histogram too). The code that does
 * the work calls the small functions below, one line at the place where the outcome is known; every
 * label value a series can take is listed here and starts at 0, so an alert's rate() has a series to
 * read before the first event.
 */
import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.js';

/** Seconds: from a quick audit (a few hundred ms) to the longest deadline (10 min). */
const WORK_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 45, 90, 180, 600];

export const AUDIT_OUTCOMES = ['ok', 'failed', 'busy', 'cancelled', 'too_heavy'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const RENDER_OUTCOMES = ['ok', 'failed', 'timeout'] as const;
export type RenderOutcome = (typeof RENDER_OUTCOMES)[number];

export const CRAWL_PAGE_OUTCOMES = ['audited', 'failed', 'skipped'] as const;
export type CrawlPageOutcome = (typeof CRAWL_PAGE_OUTCOMES)[number];

export const DELIVERY_OUTCOMES = ['delivered', 'retrying', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export const LOG_LINE_OUTCOMES = ['parsed', 'rejected'] as const;
export type LogLineOutcome = (typeof LOG_LINE_OUTCOMES)[number];

const audits = new Counter({
  name: 'citable_audits_total',
  help: 'Audits run for the API and monitors (crawl pages are counted apart), by outcome.',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});
const auditSeconds = new Histogram({
  name: 'citable_audit_duration_seconds',
  help: 'Time from an audit request to its end, waiting for a slot included, by outcome.',
  labelNames: ['outcome'],
  buckets: WORK_BUCKETS,
  registers: [metricsRegistry],
});
const renders = new Counter({
  name: 'citable_renders_total',
  help: 'Pages rendered in a headless browser for an audit, by outcome (0 while audits read the raw HTML only).',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});
const renderSeconds = new Histogram({
  name: 'citable_render_duration_seconds',
  help: 'Time to render a page in a headless browser, by outcome.',
  labelNames: ['outcome'],
  buckets: WORK_BUCKETS,
  registers: [metricsRegistry],
});
const crawlPages = new Counter({
  name: 'citable_crawl_pages_total',
  help: 'Pages of site audits finished, by outcome (skipped: redirected off the site).',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});
const deliveries = new Counter({
  name: 'citable_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome (retrying: failed, another attempt is scheduled; failed: given up).',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});
const citationChecks = new Counter({
  name: 'citable_citation_checks_total',
  help: 'Citation checks of one (prompt, engine) pair, by engine and the status of the stored row.',
  labelNames: ['engine', 'status'],
  registers: [metricsRegistry],
});
const logLines = new Counter({
  name: 'citable_log_lines_ingested_total',
  help: 'Access log lines ingested for traffic reports, by outcome.',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});

for (const outcome of AUDIT_OUTCOMES) {
  audits.inc({ outcome }, 0);
  auditSeconds.zero({ outcome });
}
for (const outcome of RENDER_OUTCOMES) renders.inc({ outcome }, 0);
for (const outcome of CRAWL_PAGE_OUTCOMES) crawlPages.inc({ outcome }, 0);
for (const outcome of DELIVERY_OUTCOMES) deliveries.inc({ outcome }, 0);
for (const outcome of LOG_LINE_OUTCOMES) logLines.inc({ outcome }, 0);

export function countAudit(outcome: AuditOutcome, seconds: number): void {
  audits.labels(outcome).inc();
  auditSeconds.labels(outcome).observe(seconds);
}

export function countRender(outcome: RenderOutcome, seconds: number): void {
  renders.labels(outcome).inc();
  renderSeconds.labels(outcome).observe(seconds);
}

export function countCrawlPage(outcome: CrawlPageOutcome): void {
  crawlPages.labels(outcome).inc();
}

export function countDelivery(outcome: DeliveryOutcome): void {
  deliveries.labels(outcome).inc();
}

export function countCitationCheck(engine: string, status: string): void {
  citationChecks.labels(engine, status).inc();
}

/** For the access-log ingestion: `count` lines read, by outcome. */
export function countLogLines(count: number, outcome: LogLineOutcome = 'parsed'): void {
  if (count > 0) logLines.labels(outcome).inc(count);
}

const expired = new Counter({
  name: 'citable_retention_removed_total',
  help: 'Records removed by the retention pass (RETENTION_DAYS), by kind.',
  labelNames: ['kind'],
  registers: [metricsRegistry],
});
for (const kind of ['audits', 'citation_rows', 'traffic_rollups']) expired.inc({ kind }, 0);

/** What a retention pass removed, by kind. */
export function countExpired(removed: Readonly<Record<string, number>>): void {
  for (const [kind, count] of Object.entries(removed)) if (count > 0) expired.labels(kind).inc(count);
}
