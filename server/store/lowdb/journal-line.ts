/** The journal's line format: `{"op":"put", ...AuditRecord}`. `op` leaves room for deletions later. */
import type { AuditRecord } from '../store.js';

export function journalLine(record: AuditRecord): object {
  return { op: 'put', ...record };
}

/** The record a parsed line holds, or null when the line is not a well-formed put. */
export function parseJournalLine(value: unknown): AuditRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const strings = ['id', 'url', 'final_url', 'builder', 'status', 'origin', 'scanned_at', 'account_id', 'hash'] as const;
  if (v.op !== 'put' || typeof v.score !== 'number' || strings.some((k) => typeof v[k] !== 'string')) return null;
  if (Number.isNaN(Date.parse(v.scanned_at as string))) return null;
  return {
    id: v.id as string,
    url: v.url as string,
    final_url: v.final_url as string,
    score: v.score,
    builder: v.builder as string,
    status: v.status as AuditRecord['status'],
    origin: v.origin as AuditRecord['origin'],
    scanned_at: v.scanned_at as string,
    account_id: v.account_id as string,
    hash: v.hash as string,
  };
}
