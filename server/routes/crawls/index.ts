/** Site audits: start, list, read, their pages, cancel; the client report and its share link; its fixes. */
import type { Route } from '../route.js';
import { cancelCrawl } from './cancel-crawl.js';
import { createCrawl } from './create-crawl.js';
import { getCrawl } from './get-crawl.js';
import { getCrawlFixes } from './get-crawl-fixes.js';
import { getCrawlReport } from './get-crawl-report.js';
import { listCrawlPages } from './list-crawl-pages.js';
import { exportCrawlPages } from './export-crawl-pages.js';
import { listCrawls } from './list-crawls.js';
import { shareCrawl } from './share-crawl.js';

export const CRAWL_ROUTES: readonly Route[] = [
  createCrawl,
  listCrawls,
  getCrawl,
  listCrawlPages,
  exportCrawlPages,
  cancelCrawl,
  getCrawlReport,
  shareCrawl,
  getCrawlFixes,
];
