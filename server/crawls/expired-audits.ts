/**
 * A crawl's pages name their page audits; RETENTION_DAYS removes old audits while the crawl stays
 * (docs/operations.md#retention). A page whose audit is gone is marked `audit_expired: true`, in the pages
 * list and in the report, so both say the audit expired instead of pointing at nothing.
 */
import type { Store } from '../store/contracts/store.js';

export async function markExpiredAudits<T extends { audit_id?: string | null }>(
  store: Store,
  accountId: string,
  pages: readonly T[],
): Promise<Array<T & { audit_expired?: true }>> {
  return Promise.all(
    pages.map(async (page) =>
      page.audit_id && (await store.getAuditRecord(accountId, page.audit_id)) === null ? { ...page, audit_expired: true as const } : page,
    ),
  );
}
