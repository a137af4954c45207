import { randomUUID } from 'node:crypto';
import type { Audit } from '../../shared/types/audit.js';
import { canonicalHash } from '../audits/canonical-hash.js';
import type { Store } from '../store/contracts/store.js';

/** Fresh ids tried when a page audit's own id is taken by something else (each a random UUID: one try is enough). */
const FRESH_ID_TRIES = 3;

/**
 * Stores a crawl page's audit as an ordinary audit (origin `crawl`, `crawl_id`). Its id is derived from the
 * crawl and the URL (page-audit-id.ts), so a page run again (a resumed crawl, a retried job) finds the first one
 * stored: that one is kept and used, so the pages list and GET /audits/{id} always agree. When the id is taken by
 * anything else (another account's audit, or one of this account's that is not this page of this crawl: ids of
 * crawls stored before their ids were keyed can be predicted), the page's audit is stored under a fresh random id
 * instead: the crawl goes on, and the other record is left as it is.
 */
export function pageAuditSaver(store: Store): (accountId: string, audit: Audit) => Promise<Audit> {
  return async (accountId, audit) => {
    if ((await store.putAudit(accountId, audit, canonicalHash(audit))) !== 'conflict') return audit;
    const stored = await store.getAuditJson(accountId, audit.id);
    const kept = stored ? (JSON.parse(stored.toString('utf8')) as Audit) : null;
    if (kept && kept.origin === 'crawl' && kept.crawl_id === audit.crawl_id && kept.url === audit.url) return kept;
    for (let tries = 0; tries < FRESH_ID_TRIES; tries++) {
      const fresh = { ...audit, id: randomUUID() };
      if ((await store.putAudit(accountId, fresh, canonicalHash(fresh))) !== 'conflict') return fresh;
    }
    throw new Error(`no free id for the page audit of ${audit.url}`);
  };
}
