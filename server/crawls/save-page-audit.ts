import type { Audit } from '../../shared/types/audit.js';
import { canonicalHash } from '../audits/canonical-hash.js';
import type { Store } from '../store/contracts/store.js';

/**
 * Stores a crawl page's audit as an ordinary audit (origin `crawl`, `crawl_id`). Its id is derived from the
 * crawl and the URL, so a page run again (a resumed crawl, a retried job) finds the first one stored: that one
 * is kept and used, so the pages list and GET /audits/{id} always agree.
 */
export function pageAuditSaver(store: Store): (accountId: string, audit: Audit) => Promise<Audit> {
  return async (accountId, audit) => {
    const outcome = await store.putAudit(accountId, audit, canonicalHash(audit));
    if (outcome !== 'conflict') return audit;
    const stored = await store.getAuditJson(accountId, audit.id);
    if (!stored) throw new Error(`audit ${audit.id} exists for another account`);
    return JSON.parse(stored.toString('utf8')) as Audit;
  };
}
