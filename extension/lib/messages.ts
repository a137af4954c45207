import type { Audit } from '../../shared/types/audit.js';
import type { ProgressStep } from './audit/progress.js';

/** docs/api-decisions.md#extension: the popup (and outside tests) ask the background to audit a tab. */
export interface AuditRequest {
  type: 'citable:audit';
  tabId: number;
  /** Test and diagnosis hook: force site files through the tab ("tab") or the extension ("extension"). */
  fetchVia?: 'tab' | 'extension';
}

/**
 * A failed audit: `restricted` a page no extension may read, `cancelled` stopped by the user, `partial` a page that did
 * not answer in time (the steps read before it stopped, and those still waited for, by label).
 */
export type AuditResponse =
  { audit: Audit } | { error: string; restricted?: boolean; cancelled?: boolean; partial?: { read: string[]; waitedFor: string[] } };

/** The popup's Cancel: the background aborts the tab's running audit (its fetches) and answers it at once. */
export interface CancelRequest {
  type: 'citable:cancel';
  tabId: number;
}

/** Ask the background to try the sync queue now (popup "retry", options after a key change). */
export interface SyncNowRequest {
  type: 'citable:sync-now';
}

/** Background → popup while an audit runs: the steps so far, each with its elapsed time. */
export interface ProgressMessage {
  type: 'citable:progress';
  tabId: number;
  /** Epoch ms when the audit started. */
  startedAt: number;
  steps: ProgressStep[];
  /** How long audits usually take here (the median of the last ones), for an estimate; absent before the first. */
  estimateMs?: number;
}

export type ExtensionMessage = AuditRequest | SyncNowRequest | CancelRequest;

export function isProgressMessage(m: unknown): m is ProgressMessage {
  const r = m as Partial<ProgressMessage> | null;
  return !!r && r.type === 'citable:progress' && typeof r.tabId === 'number' && Array.isArray(r.steps);
}

export function isAuditRequest(m: unknown): m is AuditRequest {
  const r = m as Partial<AuditRequest> | null;
  return !!r && r.type === 'citable:audit' && typeof r.tabId === 'number' && Number.isInteger(r.tabId);
}

export function isSyncNowRequest(m: unknown): m is SyncNowRequest {
  return !!m && (m as { type?: unknown }).type === 'citable:sync-now';
}

export function isCancelRequest(m: unknown): m is CancelRequest {
  const r = m as Partial<CancelRequest> | null;
  return !!r && r.type === 'citable:cancel' && typeof r.tabId === 'number';
}
