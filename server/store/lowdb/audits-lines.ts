/**
 * The journal's line format: `{"op":"put", ...AuditRecord}`. `op` leaves room for deletions later.
 * The in-memory index keeps each line's text as it is (one string per audit instead of a dozen small
 * objects: less memory, and shorter garbage-collection pauses with 100,000 audits).
 */
import type { AuditRecord } from '../contracts/audits.js';

export function journalLine(record: AuditRecord): string {
  return JSON.stringify({ op: 'put', ...record });
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

/** The record of a line the index stored (written by journalLine, so it parses). */
export function recordOfLine(line: string): AuditRecord {
  const record = parseJournalLine(JSON.parse(line));
  if (!record) throw new Error('corrupt audit index line');
  return record;
}

/** True when the line's `url` or `final_url` is exactly `url`, without parsing the line. */
export function lineMatchesUrl(line: string, url: string): boolean {
  const quoted = JSON.stringify(url);
  // Values are JSON-escaped, so `"url":` cannot occur inside a value; a hit is a real member.
  // (`"final_url":` is checked on its own: the `"` before `url` is what it lacks.)
  return line.includes(`"url":${quoted}`) || line.includes(`"final_url":${quoted}`);
}
