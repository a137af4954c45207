import type { RouteModule } from '../route-module.js';
import { cancelCrawlRoute } from './cancel-crawl.js';
import { crawlPagesRoute } from './crawl-pages.js';
import { createCrawlRoute } from './create-crawl.js';
import { getCrawlRoute } from './get-crawl.js';
import { listCrawlsRoute } from './list-crawls.js';

/** Site audits (contract section 10). */
export const CRAWL_ROUTES: readonly RouteModule[] = [createCrawlRoute, listCrawlsRoute, getCrawlRoute, crawlPagesRoute, cancelCrawlRoute];
