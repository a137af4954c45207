/** Report branding of a lowdb data directory into PostgreSQL. */
import type { StoredBranding } from '../contracts/branding.js';
import type { EachCopy } from './copy-each.js';

export function brandingCopy(branding: readonly StoredBranding[]): EachCopy {
  return {
    collection: 'branding',
    records: branding.map((b) => ({ id: b.account_id, value: b, params: [b.account_id, JSON.stringify(b)] })),
    insert: 'INSERT INTO report_branding (account_id, body) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING',
    select: 'SELECT account_id AS id, body FROM report_branding WHERE account_id = ANY($1)',
    stored: (row) => row.body,
  };
}
