/** Report share links of a lowdb data directory into PostgreSQL (token hashes only, as stored). */
import type { StoredShare } from '../contracts/shares.js';
import type { EachCopy } from './copy-each.js';

export function sharesCopy(shares: readonly StoredShare[]): EachCopy {
  return {
    collection: 'shares',
    records: shares.map((s) => ({
      id: s.id,
      value: s,
      params: [
        s.id,
        s.account_id,
        s.kind,
        s.target_id,
        s.token_hash,
        s.created_at,
        s.expires_at,
        s.revoked_at,
        Date.parse(s.created_at),
        Date.parse(s.expires_at),
      ],
    })),
    insert: `INSERT INTO report_shares (id, account_id, kind, target_id, token_hash, created_at, expires_at, revoked_at, created_ms, expires_ms)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
    select: 'SELECT id, account_id, kind, target_id, token_hash, created_at, expires_at, revoked_at FROM report_shares WHERE id = ANY($1)',
    stored: (row) => row,
  };
}
