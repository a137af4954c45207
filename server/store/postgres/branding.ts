/** Branding in PostgreSQL: one row per account, the whole branding as JSON (schema: migrations/0004-reports.ts). */
import type pg from 'pg';
import type { BrandingStore, StoredBranding } from '../contracts/branding.js';

export class PostgresBrandingStore implements BrandingStore {
  constructor(private readonly pool: pg.Pool) {}

  async getBranding(accountId: string): Promise<StoredBranding | null> {
    const { rows } = await this.pool.query<{ body: StoredBranding }>({
      name: 'citable-get-branding',
      text: 'SELECT body FROM report_branding WHERE account_id = $1',
      values: [accountId],
    });
    return rows[0]?.body ?? null;
  }

  async putBranding(branding: StoredBranding): Promise<void> {
    await this.pool.query(
      `INSERT INTO report_branding (account_id, body) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET body = EXCLUDED.body`,
      [branding.account_id, JSON.stringify(branding)],
    );
  }

  async close(): Promise<void> {} // the pool belongs to PostgresStore
}
