/** POST /crawls/{id}/share `{expires_in_days?}` (contract section 11): a share link to the crawl's report. */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { createShareRoute, type ShareTargetLookup } from '../reports/shares.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';

export const findCrawlTarget: ShareTargetLookup = async (store, accountId, rawId) => {
  const id = auditIdFromPath(rawId);
  return id && (await (await store.crawls()).getCrawl(accountId, id)) ? id : null;
};

export const shareCrawlRoute = createShareRoute('crawl', '/crawls/:id/share', findCrawlTarget, CRAWL_NOT_FOUND);
