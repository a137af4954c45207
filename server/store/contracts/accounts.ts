/**
 * Accounts and their API keys: the account half of the `Store` (contracts/store.ts). lowdb keeps them in
 * DATA_DIR/accounts.json (lowdb/accounts.ts), PostgreSQL in the accounts and api_keys tables
 * (postgres/accounts.ts). A write resolves once it is durable.
 */

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

export interface AccountStore {
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
}
