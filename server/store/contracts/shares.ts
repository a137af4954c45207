/**
 * Share links (docs/api-decisions.md#reports-shares-and-diffs): a read-only link to one report, found by the SHA-256 of its token (the
 * token itself is never stored, like an API key). Reached through `Store.shares()`; lowdb in
 * lowdb/shares.ts, PostgreSQL in postgres/shares.ts. A write resolves once durable.
 */

export const SHARE_KINDS = ['audit', 'crawl'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

export interface StoredShare {
  /** `shr_` + 16 base62 characters: names the share in the API, opens nothing. */
  id: string;
  account_id: string;
  kind: ShareKind;
  /** The audit's or crawl's id. */
  target_id: string;
  /** Hex SHA-256 of the token in the link. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ShareStore {
  createShare(share: StoredShare): Promise<void>;
  /** The share whose token has this hash, revoked and expired ones included (the caller decides). */
  findShareByTokenHash(tokenHash: string): Promise<StoredShare | null>;
  /** The account's shares neither revoked nor expired at `now`, newest first. */
  listLiveShares(accountId: string, now: Date): Promise<StoredShare[]>;
  /** Revokes the account's share; null when it has no such share or it was revoked already. */
  revokeShare(accountId: string, id: string, at: string): Promise<StoredShare | null>;
  close(): Promise<void>;
}
