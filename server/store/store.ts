/**
 * What the server needs from storage. The lowdb implementation (./lowdb/) is the embedded default;
 * another engine (Postgres, ...) implements this interface and nothing else in the server changes.
 * Every method that resolves after a write resolves only once that write is durable on disk.
 * New collections (prompts, citations) are added as new methods beside these.
 */
import type { Audit } from '../../shared/types/audit.js';
import type { AuditSummary } from '../../shared/schema/api.js';
import type { CitationStore } from './citations-store.js';
import type { CrawlStore } from './crawls-store.js';
import type { BrandingStore } from './branding-store.js';
import type { ShareStore } from './share-store.js';
import type { MonitorStore } from './monitors-store.js';
import type { WebhookStore } from './webhooks-store.js';
import type { ProjectStore } from './projects-store.js';

export const PLANS = ['free', 'pro', 'agency'] as const;
export type Plan = (typeof PLANS)[number];

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  created_at: string;
}

/**
 * What a key may do: `full` everything its account may; `read` only requests that read (GET, HEAD), the
 * key an agency hands to a client (server/middleware/auth.ts applies it by method, for every route).
 */
export const KEY_SCOPES = ['full', 'read'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** An API key as stored: never the key itself, only its SHA-256 and a short prefix to recognise it by. */
export interface ApiKeyRecord {
  id: string;
  account_id: string;
  name: string;
  /** First characters of the key (`cit_AbCd`), safe to show. */
  prefix: string;
  /** Hex SHA-256 of the whole key. */
  hash: string;
  created_at: string;
  revoked_at: string | null;
  scope: KeyScope;
  /** From this moment on the key is refused (401) like a revoked one; null: it does not expire. */
  expires_at: string | null;
}

/** What createKey takes: the key's identity, and optionally its scope (default `full`) and expiry (default none). */
export interface NewKeyInput {
  account_id: string;
  name: string;
  prefix: string;
  hash: string;
  scope?: KeyScope;
  expires_at?: string | null;
}

/**
 * A key record with every member, from one stored by a version before scopes and expiry (lowdb's
 * accounts.json keeps such records as they were written): full access, no expiry, as they always had.
 */
export function withKeyDefaults(
  key: Omit<ApiKeyRecord, 'scope' | 'expires_at'> & Partial<Pick<ApiKeyRecord, 'scope' | 'expires_at'>>,
): ApiKeyRecord {
  return { ...key, scope: key.scope ?? 'full', expires_at: key.expires_at ?? null };
}

/** The record createKey stores for `input`. */
export function newKeyRecord(id: string, input: NewKeyInput, createdAt: string): ApiKeyRecord {
  const { scope = 'full', expires_at = null, ...identity } = input;
  return { id, ...identity, created_at: createdAt, revoked_at: null, scope, expires_at };
}

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

export interface Store {
  createAccount(input: { name: string; plan: Plan }): Promise<Account>;
  getAccount(id: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;

  /** Stores a key by its hash; the caller generated the key and shows it once. */
  createKey(input: NewKeyInput): Promise<ApiKeyRecord>;
  /** The key whose hash this is (revoked keys included: the caller decides). */
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Revokes a key; null when no key has this id. Revoking twice keeps the first time. */
  revokeKey(id: string): Promise<ApiKeyRecord | null>;

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

  /** Tracked prompts, citation results and checks (server/store/citations-store.ts), opened on first use. */
  citations(): Promise<CitationStore>;
  /** Report branding per account (server/store/branding-store.ts), opened on first use. */
  branding(): Promise<BrandingStore>;
  /** Report share links (server/store/share-store.ts), opened on first use. */
  shares(): Promise<ShareStore>;

  /** Site audits: crawl records, frontiers and rollups (server/store/crawls-store.ts), opened on first use. */
  crawls(): Promise<CrawlStore>;
  /** Monitors and their runs (server/store/monitors-store.ts), opened on first use. */
  monitors(): Promise<MonitorStore>;
  /** Webhooks and the event outbox (server/store/webhooks-store.ts), opened on first use. */
  webhooks(): Promise<WebhookStore>;

  /** Projects: client sites, brands and competitors (server/store/projects-store.ts), opened on first use. */
  projects(): Promise<ProjectStore>;

  /** Waits for pending writes, then releases files. */
  close(): Promise<void>;
}
