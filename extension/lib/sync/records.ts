import { browser } from 'wxt/browser';
import type { Audit } from '../../../shared/types/audit.js';
import type { AuditNotes } from '../audit/audit-notes.js';
import { NOT_CONFIGURED } from './reasons.js';
import { auditKey, RECORDS_KEY } from './storage-keys.js';

export { RECORDS_KEY } from './storage-keys.js';

export type SyncState = 'pending' | 'synced' | 'failed';

/** One audit in the history, with where its sync stands. The full Audit is stored beside it. */
export interface AuditRecord {
  id: string;
  url: string;
  final_url: string;
  score: number;
  scanned_at: string;
  sync: {
    state: SyncState;
    /** Why it is pending or failed, in words a user can act on. */
    reason?: string;
    attempts: number;
    /** Epoch ms of the next automatic try (pending only). */
    nextAttemptAt?: number;
    /** Set when the server refused the settings: retried once they change. */
    waitForSettings?: string;
    /** Epoch ms before which this pending audit alone is not sent (the server answered 413), unless forced. */
    holdUntil?: number;
    syncedAt?: string;
  };
  /** What the audit could not read from the browser (files, scripts): the popup offers access and says why. */
  notes?: AuditNotes;
}

/** History shown and kept; audits waiting for a configured backend are never dropped, whatever their age. */
export const HISTORY_LIMIT = 25;

let chain: Promise<unknown> = Promise.resolve();
/** Serializes read-modify-write of the records list within this context (the background). */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const next = chain.then(fn, fn);
  chain = next.catch(() => undefined);
  return next;
}

export async function listRecords(): Promise<AuditRecord[]> {
  return ((await browser.storage.local.get(RECORDS_KEY))[RECORDS_KEY] as AuditRecord[] | undefined) ?? [];
}

export async function loadAudit(id: string): Promise<Audit | undefined> {
  return (await browser.storage.local.get(auditKey(id)))[auditKey(id)] as Audit | undefined;
}

/** Adds a new audit at the top of the history, pending sync; trims old synced/failed ones. */
export function addAudit(audit: Audit, reason: string, notes?: AuditNotes): Promise<AuditRecord> {
  return serial(async () => {
    const record: AuditRecord = {
      id: audit.id,
      url: audit.url,
      final_url: audit.final_url,
      score: audit.score,
      scanned_at: audit.scanned_at,
      sync: { state: 'pending', reason, attempts: 0, nextAttemptAt: 0 },
      ...(notes ? { notes } : {}),
    };
    const all = [record, ...(await listRecords()).filter((r) => r.id !== audit.id)];
    const keep = all.filter((r, i) => i < HISTORY_LIMIT || !isSettled(r));
    const dropped = all.filter((r) => !keep.includes(r));
    await browser.storage.local.set({ [auditKey(audit.id)]: audit, [RECORDS_KEY]: keep });
    if (dropped.length) await browser.storage.local.remove(dropped.map((r) => auditKey(r.id)));
    return record;
  });
}

/** Rewrites the sync part of one record (no-op when the record is gone). */
export function updateSync(id: string, change: (s: AuditRecord['sync']) => AuditRecord['sync']): Promise<void> {
  return serial(async () => {
    const all = await listRecords();
    const i = all.findIndex((r) => r.id === id);
    if (i < 0) return;
    all[i] = { ...all[i]!, sync: change(all[i]!.sync) };
    await browser.storage.local.set({ [RECORDS_KEY]: all });
  });
}

/**
 * Safe to trim from the history: synced, refused for good (a conflict), or kept only in this browser
 * because no backend is set (nothing is waiting to send it). An audit a backend still waits for never is.
 */
function isSettled(r: AuditRecord): boolean {
  if (r.sync.state === 'pending') return r.sync.reason === NOT_CONFIGURED;
  return r.sync.state === 'synced' || (r.sync.state === 'failed' && !r.sync.waitForSettings);
}
