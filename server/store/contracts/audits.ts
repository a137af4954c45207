/**
 * Stored audits: the audit half of the `Store` (contracts/store.ts). lowdb keeps a file per audit and an
 * append-only index journal (lowdb/audits.ts), PostgreSQL the audits table (postgres/audits.ts). A write
 * resolves once it is durable.
 */
import type { Audit } from '../../../shared/types/audit.js';
import type { AuditSummary } from '../../../shared/schema/api.js';

/** An audit as the store indexes it: the list fields plus ownership and a content hash. */
export interface AuditRecord extends AuditSummary {
  account_id: string;
  /** Hex SHA-256 of the audit's canonical JSON (idempotent sync compares it). */
  hash: string;
}

export type PutAuditOutcome = 'created' | 'identical' | 'conflict';

export interface AuditListQuery {
  limit: number;
  /** Position to continue after (from a previous page), or undefined for the newest. */
  after?: AuditPosition;
  /** Only audits whose `url` or `final_url` equals this. */
  url?: string;
}

/** A point in an account's newest-first order. */
export interface AuditPosition {
  /** `scanned_at` in epoch milliseconds. */
  time: number;
  id: string;
}

/** The audit whose predecessors `Store.earlierAudits` finds. */
export type AuditAnchor = Pick<AuditSummary, 'id' | 'url' | 'final_url' | 'scanned_at'>;

export interface AuditListPage {
  audits: AuditSummary[];
  /** Where the next page starts, or null when this page is the last. */
  next: AuditPosition | null;
}

export interface AuditStore {
  /**
   * Stores an audit for an account unless its id is taken: `created` (now durable), `identical`
   * (this account already holds the same content under this id), `conflict` (the id holds other
   * content or belongs to another account).
   */
  putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome>;
  /** The stored audit as UTF-8 JSON bytes (served as is), or null when absent or owned by another account. */
  getAuditJson(accountId: string, id: string): Promise<Buffer | null>;
  /** The index record of an audit of this account, or null. */
  getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null>;
  listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage>;
  /**
   * The account's audits of the same page scanned before `anchor` (after it in the newest-first order,
   * so a tie on `scanned_at` goes by id), newest first, at most `limit`: "the same page" is a `url` or
   * `final_url` equal to the anchor's `url` or `final_url`. The diff's `previous` and the reports' score
   * history read it.
   */
  earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]>;
  countAudits(): Promise<number>;
}
