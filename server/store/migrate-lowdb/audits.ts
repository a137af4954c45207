/**
 * The audits of a lowdb data directory into PostgreSQL: the stored bytes as they are, with the index
 * record's columns, in batches. Each batch is checked right after its insert: the audit as parsed JSON,
 * its owner and content hash, so a wrong owner is a mismatch too. The json column keeps text exactly,
 * so bytes equal to the source's have the same canonical JSON, computed once.
 */
import type pg from 'pg';
import { checksum, compareSums, type CollectionReport } from './verify.js';
import type { LowdbSource } from './read.js';

const BATCH = 200;
const COLUMNS = 12;

export async function importAudits(pool: pg.Pool, source: LowdbSource, onProgress: (message: string) => void): Promise<CollectionReport> {
  let copied = 0;
  const sourceSums = new Map<string, string>();
  const targetSums = new Map<string, string>();
  for (let i = 0; i < source.audits.length; i += BATCH) {
    const batch = source.audits.slice(i, i + BATCH);
    const texts = await Promise.all(batch.map(async (record) => (await source.auditJson(record.id)).toString('utf8')));
    const contents = new Map<string, { text: string; sum: string }>();
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const [j, record] of batch.entries()) {
      const json = texts[j]!;
      const sum = checksum(JSON.parse(json) as unknown);
      contents.set(record.id, { text: json, sum });
      sourceSums.set(record.id, auditChecksum(record.account_id, record.hash, sum));
      const base = values.length;
      values.push(
        record.id,
        record.account_id,
        Date.parse(record.scanned_at),
        record.scanned_at,
        record.url,
        record.final_url,
        record.score,
        record.builder,
        record.status,
        record.origin,
        record.hash,
        json,
      );
      tuples.push(`(${Array.from({ length: COLUMNS }, (_, k) => `$${base + k + 1}`).join(', ')})`);
    }
    const inserted = await pool.query(
      `INSERT INTO audits (id, account_id, scanned_ms, scanned_at, url, final_url, score, builder, status, origin, hash, audit)
       VALUES ${tuples.join(', ')} ON CONFLICT (id) DO NOTHING`,
      values,
    );
    copied += inserted.rowCount ?? 0;
    const { rows } = await pool.query<{ id: string; account_id: string; hash: string; json: string }>(
      'SELECT id::text AS id, account_id, hash, audit::text AS json FROM audits WHERE id = ANY($1::uuid[])',
      [batch.map((a) => a.id)],
    );
    for (const row of rows) {
      const stored = contents.get(row.id);
      const sum = stored && stored.text === row.json ? stored.sum : checksum(JSON.parse(row.json) as unknown);
      targetSums.set(row.id, auditChecksum(row.account_id, row.hash, sum));
    }
    if ((i / BATCH) % 50 === 49) onProgress(`audits: ${Math.min(i + BATCH, source.audits.length)} of ${source.audits.length}`);
  }
  return compareSums('audits', sourceSums, targetSums, copied);
}

/** An audit record: its owner, its content hash, and the checksum of the audit's canonical JSON. */
function auditChecksum(accountId: string, hash: string, contentChecksum: string): string {
  return checksum({ account_id: accountId, hash, audit: contentChecksum });
}
