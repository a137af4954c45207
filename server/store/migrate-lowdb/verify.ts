/**
 * How `citable migrate` proves a copy: every record's SHA-256 of its canonical JSON (keys sorted), read
 * back from PostgreSQL and compared with the source's, and per collection one digest over the records'
 * checksums in id order.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { canonicalJson } from '../../audits/canonical-hash.js';

export type CollectionName =
  | 'accounts'
  | 'keys'
  | 'audits'
  | 'crawls'
  | 'crawl_urls'
  | 'projects'
  | 'prompts'
  | 'citation_rows'
  | 'citation_runs'
  | 'citation_rollups'
  | 'checks'
  | 'branding'
  | 'shares'
  | 'monitors'
  | 'webhooks'
  | 'webhook_events'
  | 'webhook_deliveries'
  | 'traffic_ingests'
  | 'traffic_days'
  | 'traffic_pages';

export interface CollectionReport {
  collection: CollectionName;
  source: number;
  /** Inserted by this run (0 on a re-run). */
  copied: number;
  /** Found in PostgreSQL with the same checksum. */
  verified: number;
  /** Ids missing in PostgreSQL or holding other content. */
  mismatches: string[];
  /** SHA-256 over the records' checksums in id order, from the source and read back from PostgreSQL. */
  sourceDigest: string;
  targetDigest: string;
}

// A row as pg returns it; each collection's mapper reads the columns it knows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
export const checksum = (value: unknown) => sha256(canonicalJson(value));

/** Rows of `sql` (which selects `id` and takes the ids as $1), by id, a thousand ids per query. */
export async function byId(pool: pg.Pool, sql: string, ids: string[]): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  for (let i = 0; i < ids.length; i += 1000) {
    const { rows } = await pool.query<{ id: string }>(sql, [ids.slice(i, i + 1000)]);
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Compares source values with what PostgreSQL holds under the same ids. */
export function compare(
  collection: CollectionName,
  source: Array<[string, unknown]>,
  target: Map<string, unknown>,
  copied: number,
): CollectionReport {
  const sourceSums = new Map(source.map(([id, value]) => [id, checksum(value)]));
  const targetSums = new Map<string, string>();
  for (const [id] of source) if (target.has(id)) targetSums.set(id, checksum(target.get(id)));
  return compareSums(collection, sourceSums, targetSums, copied);
}

/** Compares checksums already computed (audits: computed batch by batch). */
export function compareSums(
  collection: CollectionName,
  source: Map<string, string>,
  target: Map<string, string>,
  copied: number,
): CollectionReport {
  const ids = [...source.keys()].sort();
  const mismatches = ids.filter((id) => source.get(id) !== target.get(id));
  return {
    collection,
    source: source.size,
    copied,
    verified: ids.length - mismatches.length,
    mismatches,
    sourceDigest: sha256(ids.map((id) => `${id} ${source.get(id)}\n`).join('')),
    targetDigest: sha256(ids.map((id) => `${id} ${target.get(id) ?? 'missing'}\n`).join('')),
  };
}
