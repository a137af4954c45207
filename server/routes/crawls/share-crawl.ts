/** POST /crawls/{id}/share `{expires_in_days?}`: a share link to the crawl's report (../shares/create-share.ts). */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { shareRoute, type ShareTargetLookup } from '../shares/create-share.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';

export const findCrawlTarget: ShareTargetLookup = async (store, accountId, rawId) => {
  const id = auditIdFromPath(rawId);
  return id && (await (await store.crawls()).getCrawl(accountId, id)) ? id : null;
};

export const shareCrawl = shareRoute('crawl', '/crawls/:id/share', findCrawlTarget, CRAWL_NOT_FOUND);
