/**
 * The copy of a small collection: one INSERT per record (ON CONFLICT DO NOTHING, so a second run copies
 * nothing), then every record read back and compared by checksum (verify.ts). Each resource's file says
 * what its records are and how they are inserted and read back.
 */
import type pg from 'pg';
import { byId, compare, type CollectionName, type CollectionReport, type Row } from './verify.js';

export interface EachCopy {
  collection: CollectionName;
  /** Each record's id, the value its checksum is taken of, and the insert's parameters (null: cannot be stored). */
  records: Array<{ id: string; value: unknown; params: unknown[] | null }>;
  insert: string;
  /** Selects `id` and the stored columns for the ids in $1. */
  select: string;
  /** The value a row holds, comparable with the record's `value`. */
  stored: (row: Row) => unknown;
}

/** One INSERT per record (small collections), then every record read back and compared. */
export async function copyEach(pool: pg.Pool, copy: EachCopy): Promise<CollectionReport> {
  let copied = 0;
  for (const record of copy.records) {
    if (!record.params) continue;
    copied += (await pool.query(copy.insert, record.params)).rowCount ?? 0;
  }
  const rows = await byId(
    pool,
    copy.select,
    copy.records.map((r) => r.id),
  );
  return compare(
    copy.collection,
    copy.records.map((r) => [r.id, r.value]),
    new Map([...rows].map(([id, row]) => [id, copy.stored(row)])),
    copied,
  );
}
