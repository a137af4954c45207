/** Accounts and API keys (hashes only, with scope and expiry) of a lowdb data directory into PostgreSQL. */
import type { Account, ApiKeyRecord } from '../contracts/accounts.js';
import type { EachCopy } from './copy-each.js';

export function accountsCopy(accounts: readonly Account[]): EachCopy {
  return {
    collection: 'accounts',
    records: accounts.map((a) => ({ id: a.id, value: a, params: [a.id, a.name, a.plan, a.created_at] })),
    insert: 'INSERT INTO accounts (id, name, plan, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
    select: 'SELECT id, name, plan, created_at FROM accounts WHERE id = ANY($1)',
    stored: (row) => row,
  };
}

/** Keys whose account is gone cannot be stored: they show up as mismatches. */
export function keysCopy(keys: readonly ApiKeyRecord[], accountIds: ReadonlySet<string>): EachCopy {
  return {
    collection: 'keys',
    records: keys.map((k) => ({
      id: k.id,
      value: k,
      params: accountIds.has(k.account_id)
        ? [k.id, k.account_id, k.name, k.prefix, k.hash, k.created_at, k.revoked_at, k.scope, k.expires_at]
        : null,
    })),
    insert:
      'INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING',
    select: 'SELECT id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at FROM api_keys WHERE id = ANY($1)',
    stored: (row) => row,
  };
}
