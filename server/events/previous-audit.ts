/**
 * The previous audit of the same URL (as submitted or final) by the same account: the newest stored
 * before this one (`against=previous` in docs/api-decisions.md#reports-shares-and-diffs). Also says whether a newer audit of the URL
 * exists already (an extension syncing an old audit late): then there is nothing to announce as a change.
 */
import type { AuditSummary } from '../../shared/schema/api.js';
import type { Audit } from '../../shared/types/audit.js';
import type { Store } from '../store/contracts/store.js';

export interface PreviousAudit {
  previous: Audit | null;
  /** A newer audit of the same URL is stored: this one is not the latest. */
  superseded: boolean;
}

const LOOK_BACK = 5;

export async function findPreviousAudit(store: Store, accountId: string, audit: Audit): Promise<PreviousAudit> {
  const at = position(audit);
  const urls = [...new Set([audit.url, audit.final_url])];
  const candidates: AuditSummary[] = [];
  for (const url of urls) candidates.push(...(await store.listAudits(accountId, { url, limit: LOOK_BACK })).audits);
  const others = candidates.filter((a) => a.id !== audit.id);
  const superseded = others.some((a) => compare(position(a), at) > 0);
  const earlier = others.filter((a) => compare(position(a), at) < 0).sort((a, b) => compare(position(b), position(a)))[0];
  if (!earlier) return { previous: null, superseded };
  const json = await store.getAuditJson(accountId, earlier.id);
  return { previous: json ? (JSON.parse(json.toString('utf8')) as Audit) : null, superseded };
}

function position(a: { scanned_at: string; id: string }): [number, string] {
  return [Date.parse(a.scanned_at), a.id];
}

function compare(a: [number, string], b: [number, string]): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}
