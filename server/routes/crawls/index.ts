import type { RouteModule } from '../route-module.js';
import { cancelCrawlRoute } from './cancel-crawl.js';
import { crawlPagesRoute } from './crawl-pages.js';
import { createCrawlRoute } from './create-crawl.js';
import { getCrawlRoute } from './get-crawl.js';
import { listCrawlsRoute } from './list-crawls.js';
import { crawlReportRoute } from './crawl-report.js';
import { shareCrawlRoute } from './share-crawl.js';

/** Site audits (contract section 10), with their report and share link (section 11). */
export const CRAWL_ROUTES: readonly RouteModule[] = [
  createCrawlRoute,
  listCrawlsRoute,
  getCrawlRoute,
  crawlPagesRoute,
  cancelCrawlRoute,
  crawlReportRoute,
  shareCrawlRoute,
];
