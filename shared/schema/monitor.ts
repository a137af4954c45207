/** Monitors (docs/api-decisions.md#monitors-and-webhooks): a URL re-audited, or a site re-crawled, every hour, day or week. */
import { z } from 'zod';
import { MAX_URL_LENGTH, URL_REQUIRED_MESSAGE, URL_TOO_LONG_MESSAGE } from '../url/normalize.js';
import { CRAWL_RENDER_MODES } from './crawl.js';

export const MONITOR_KINDS = ['audit', 'crawl'] as const;
export const MONITOR_PERIODS = ['hour', 'day', 'week'] as const;
/** Pages a crawl monitor may crawl (the `max_pages` bounds and default of docs/api-decisions.md#crawls). */
export const MONITOR_MAX_PAGES = { min: 1, max: 10_000, default: 100 } as const;

export const MONITOR_ID_PATTERN = /^mon_[A-Za-z0-9]{16}$/;

const isoTimestamp = z.iso.datetime({ offset: true });

export const MONITOR_RENDER_MESSAGE = 'render must be true or false for an audit monitor, or "sample", "all" or "none" for a crawl monitor';
/** What each run renders in the browser: a boolean for an audit monitor, the crawl's mode for a crawl monitor. */
const monitorRender = z.union([z.boolean(), z.enum(CRAWL_RENDER_MODES)], { error: MONITOR_RENDER_MESSAGE });

export const monitorSchema = z.strictObject({
  id: z.string().regex(MONITOR_ID_PATTERN),
  /** As submitted (normalised like POST /audits: a bare host stays bare). */
  url: z.string(),
  kind: z.enum(MONITOR_KINDS),
  every: z.enum(MONITOR_PERIODS),
  /** Crawl monitors: pages per crawl; null for audit monitors. */
  max_pages: z.number().int().min(MONITOR_MAX_PAGES.min).max(MONITOR_MAX_PAGES.max).nullable(),
  render: monitorRender.meta({
    description:
      'What each run renders in headless Chromium: for an audit monitor true or false (POST /audits `render`), for a crawl monitor `none`, `sample` or `all` (POST /crawls `render`).',
  }),
  created_at: isoTimestamp,
  /** When the next scheduled run is due. */
  next_run_at: isoTimestamp,
  /** When the last run finished, or null before the first. */
  last_run_at: isoTimestamp.nullable(),
  /** The audit (or crawl) the last successful run produced. */
  last_result_id: z.string().nullable(),
  /** Why the last run produced nothing (the page could not be fetched, ...); null when it succeeded. */
  last_error: z.string().nullable(),
  /** True while a run is in progress. */
  running: z.boolean(),
  /** True while paused: no scheduled run and no "run now" until resumed (PATCH /monitors/{id}). */
  paused: z.boolean(),
  /** When it was paused, or null when it is not. */
  paused_at: isoTimestamp.nullable(),
});

export const createMonitorRequestSchema = z.strictObject({
  url: z.string({ error: URL_REQUIRED_MESSAGE }).min(1, URL_REQUIRED_MESSAGE).max(MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE),
  kind: z.enum(MONITOR_KINDS, { error: 'kind must be "audit" or "crawl"' }),
  every: z.enum(MONITOR_PERIODS, { error: 'every must be "hour", "day" or "week"' }),
  max_pages: z
    .number({ error: `max_pages must be an integer from ${MONITOR_MAX_PAGES.min} to ${MONITOR_MAX_PAGES.max}` })
    .int(`max_pages must be an integer from ${MONITOR_MAX_PAGES.min} to ${MONITOR_MAX_PAGES.max}`)
    .min(MONITOR_MAX_PAGES.min, `max_pages must be an integer from ${MONITOR_MAX_PAGES.min} to ${MONITOR_MAX_PAGES.max}`)
    .max(MONITOR_MAX_PAGES.max, `max_pages must be an integer from ${MONITOR_MAX_PAGES.min} to ${MONITOR_MAX_PAGES.max}`)
    .optional(),
  render: monitorRender
    .optional()
    .meta({ description: 'Audit monitors: true or false (default false). Crawl monitors: `none` (default), `sample` or `all`.' }),
});

/**
 * PATCH /monitors/{id}: pause (`paused: true`) or resume (`false`) a monitor, or change its schedule (`every`) and,
 * for a crawl monitor, its pages per crawl (`max_pages`). A pause is not combined with an edit.
 */
export const updateMonitorRequestSchema = z.strictObject({
  paused: z.boolean().optional(),
  every: createMonitorRequestSchema.shape.every.optional(),
  max_pages: createMonitorRequestSchema.shape.max_pages,
});

export const monitorEnvelopeSchema = z.strictObject({ monitor: monitorSchema });
export const monitorListSchema = z.strictObject({ monitors: z.array(monitorSchema) });

export type Monitor = z.infer<typeof monitorSchema>;
export type MonitorKind = (typeof MONITOR_KINDS)[number];
export type MonitorPeriod = (typeof MONITOR_PERIODS)[number];
export type CreateMonitorRequest = z.infer<typeof createMonitorRequestSchema>;
export type UpdateMonitorRequest = z.infer<typeof updateMonitorRequestSchema>;
