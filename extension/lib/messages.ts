import type { Audit } from '../../shared/types/audit.js';
import type { ProgressStep } from './audit/progress.js';

/** docs/api-decisions.md#extension: the popup (and outside tests) ask the background to audit a tab. */
export interface AuditRequest {
  type: 'citable:audit';
  tabId: number;
  /** Test and diagnosis hook: force site files through the tab ("tab") or the extension ("extension"). */
  fetchVia?: 'tab' | 'extension';
}

export type AuditResponse = { audit: Audit } | { error: string; restricted?: boolean };

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
}

export type ExtensionMessage = AuditRequest | SyncNowRequest;

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
