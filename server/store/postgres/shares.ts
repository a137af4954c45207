/** Share links in PostgreSQL (schema: migrations/0004-reports.ts). Revoking is one conditional UPDATE, so it happens once. */
import type pg from 'pg';
import type { ShareStore, StoredShare } from '../contracts/shares.js';

const COLUMNS = 'id, account_id, kind, target_id, token_hash, created_at, expires_at, revoked_at';

export class PostgresShareStore implements ShareStore {
  constructor(private readonly pool: pg.Pool) {}

  async createShare(share: StoredShare): Promise<void> {
    await this.pool.query(
      `INSERT INTO report_shares (${COLUMNS}, created_ms, expires_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        share.id,
        share.account_id,
        share.kind,
        share.target_id,
        share.token_hash,
        share.created_at,
        share.expires_at,
        share.revoked_at,
        Date.parse(share.created_at),
        Date.parse(share.expires_at),
      ],
    );
  }

  async findShareByTokenHash(tokenHash: string): Promise<StoredShare | null> {
    const { rows } = await this.pool.query<StoredShare>({
      name: 'citable-share-by-token',
      text: `SELECT ${COLUMNS} FROM report_shares WHERE token_hash = $1`,
      values: [tokenHash],
    });
    return rows[0] ? share(rows[0]) : null;
  }

  async listLiveShares(accountId: string, now: Date): Promise<StoredShare[]> {
    const { rows } = await this.pool.query<StoredShare>(
      `SELECT ${COLUMNS} FROM report_shares WHERE account_id = $1 AND revoked_at IS NULL AND expires_ms > $2 ORDER BY created_ms DESC, id DESC`,
      [accountId, now.getTime()],
    );
    return rows.map(share);
  }

  async revokeShare(accountId: string, id: string, at: string): Promise<StoredShare | null> {
    const { rows } = await this.pool.query<StoredShare>(
      `UPDATE report_shares SET revoked_at = $3 WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
      [id, accountId, at],
    );
    return rows[0] ? share(rows[0]) : null;
  }

  async close(): Promise<void> {} // the pool belongs to PostgresStore
}

function share(row: StoredShare): StoredShare {
  return {
    id: row.id,
    account_id: row.account_id,
    kind: row.kind,
    target_id: row.target_id,
    token_hash: row.token_hash,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  };
}
