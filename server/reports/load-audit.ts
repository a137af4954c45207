/** An account's stored audit as an object, with the members of docs/api-decisions.md#what-audits-could-not-judge filled for one stored before them. */
import { upgradeAudit, type AuditBeforeSection9 } from '../../shared/audit/upgrade-audit.js';
import type { Audit } from '../../shared/types/audit.js';
import type { Store } from '../store/contracts/store.js';

export async function loadAudit(store: Store, accountId: string, id: string): Promise<Audit | null> {
  const json = await store.getAuditJson(accountId, id);
  return json === null ? null : upgradeAudit(JSON.parse(json.toString('utf8')) as AuditBeforeSection9);
}
