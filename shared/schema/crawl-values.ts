/**
 * The crawl schema's plain values (shared/schema/crawl.ts re-exports them): apart from the zod schemas, so a host
 * that only needs a limit or a mode (`citable crawl` starts faster without loading zod) imports no schema library.
 */
import { groupDigits } from '../text/group-digits.js';

export const CRAWL_STATUSES = ['queued', 'running', 'complete', 'cancelled', 'failed'] as const;
export type CrawlStatus = (typeof CRAWL_STATUSES)[number];
export const MAX_PAGES_LIMIT = 10_000;
export const DEFAULT_MAX_PAGES = 100;
export const MAX_PAGES_MESSAGE = `max_pages must be an integer from 1 to ${groupDigits(MAX_PAGES_LIMIT)}`;
/** Which pages of a crawl are rendered in a browser (docs/site-audits.md#rendering): none, the sample pages, or all. */
export const CRAWL_RENDER_MODES = ['none', 'sample', 'all'] as const;
export type CrawlRenderMode = (typeof CRAWL_RENDER_MODES)[number];
export const CRAWL_RENDER_MESSAGE = 'render must be "sample", "all" or "none"';
