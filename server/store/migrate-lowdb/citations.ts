/**
 * Prompts, citation rows and check records of a lowdb data directory into PostgreSQL. The rows go in
 * journal order (the history's order), keyed by their journal offset (import_key), in batches. Each row is
 * stored as the PostgreSQL citation store stores it: the row document without its tally (and without
 * runs_at, lowdb's place in runs.blob) in `result`, the tally in `tally` (computed from the row for rows
 * stored before tallies existed), the runs read back from runs.blob in `runs`. The rollups are not touched
 * here: citations-rollups.ts rebuilds them from the copied tallies. Each batch is read back right after its
 * insert: rows (document and tally) and runs are two collections of the report.
 */
import type pg from 'pg';
import type { StoredCheck, StoredCitationRow } from '../contracts/citations.js';
import { tallyOfRow } from '../rollup/row-tally.js';
import type { EachCopy } from './copy-each.js';
import { checksum, compareSums, type CollectionReport } from './verify.js';
import type { LowdbSource, SourcePrompt } from './read.js';

const BATCH = 200;
const COLUMNS = 11;

export const importKey = (offset: number) => `lowdb:results:${offset}`;

/** The row document as PostgreSQL keeps it in `result`. */
export function rowDocument({ tally: _tally, runs_at: _runsAt, ...row }: StoredCitationRow): StoredCitationRow {
  return row;
}

export async function importCitationRows(
  pool: pg.Pool,
  source: LowdbSource,
  onProgress: (message: string) => void,
): Promise<CollectionReport[]> {
  let copied = 0;
  let copiedRuns = 0;
  const rowSums = [new Map<string, string>(), new Map<string, string>()] as const;
  const runSums = [new Map<string, string>(), new Map<string, string>()] as const;
  for (let i = 0; i < source.rows.length; i += BATCH) {
    const batch = source.rows.slice(i, i + BATCH);
    const runs = await Promise.all(batch.map(({ row }) => source.runsOf(row)));
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const [j, { offset, row }] of batch.entries()) {
      const key = importKey(offset);
      const document = rowDocument(row);
      const tally = row.tally ?? tallyOfRow(row);
      const rowRuns = runs[j];
      rowSums[0].set(key, checksum({ result: document, tally }));
      // A row whose runs cannot be read back is stored without them and reported as a mismatch.
      if (row.runs_at) runSums[0].set(key, rowRuns === null ? 'unreadable in runs.blob' : checksum(rowRuns));
      const base = values.length;
      values.push(
        row.account_id,
        row.prompt_id,
        row.engine,
        row.check_id,
        Date.parse(row.checked_at),
        row.checked_at.slice(0, 10),
        row.calls,
        JSON.stringify(document),
        rowRuns && rowRuns.length > 0 ? JSON.stringify(rowRuns) : null,
        JSON.stringify(tally),
        key,
      );
      tuples.push(`(${Array.from({ length: COLUMNS }, (_, k) => `$${base + k + 1}`).join(', ')})`);
    }
    const inserted = await pool.query<{ runs: boolean }>(
      `INSERT INTO citation_results (account_id, prompt_id, engine, check_id, checked_ms, checked_day, calls, result, runs, tally, import_key)
       VALUES ${tuples.join(', ')} ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING RETURNING runs IS NOT NULL AS runs`,
      values,
    );
    copied += inserted.rowCount ?? 0;
    copiedRuns += inserted.rows.filter((r) => r.runs).length;
    const { rows } = await pool.query<{ id: string; result: StoredCitationRow; tally: unknown; runs: unknown[] | null }>(
      'SELECT import_key AS id, result, tally, runs FROM citation_results WHERE import_key = ANY($1)',
      [batch.map((r) => importKey(r.offset))],
    );
    for (const row of rows) {
      rowSums[1].set(row.id, checksum({ result: row.result, tally: row.tally }));
      if (runSums[0].has(row.id)) runSums[1].set(row.id, checksum(row.runs ?? []));
    }
    if ((i / BATCH) % 50 === 49) onProgress(`citation rows: ${Math.min(i + BATCH, source.rows.length)} of ${source.rows.length}`);
  }
  return [compareSums('citation_rows', rowSums[0], rowSums[1], copied), compareSums('citation_runs', runSums[0], runSums[1], copiedRuns)];
}

/** Prompts, deleted ones included (their rows stay, hidden from listings, as in lowdb). */
export function promptsCopy(prompts: readonly SourcePrompt[]): EachCopy {
  return {
    collection: 'prompts',
    records: prompts.map(({ prompt, deleted_at }) => ({
      id: prompt.id,
      value: { prompt, deleted_at, project_id: prompt.project_id ?? null },
      params: [
        prompt.id,
        prompt.account_id,
        prompt.domain,
        prompt.text,
        Date.parse(prompt.created_at),
        deleted_at,
        JSON.stringify(prompt),
        prompt.project_id ?? null,
      ],
    })),
    insert:
      'INSERT INTO prompts (id, account_id, domain, text, created_ms, deleted_at, prompt, project_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING',
    select: 'SELECT id, prompt, deleted_at, project_id FROM prompts WHERE id = ANY($1)',
    stored: (row) => ({ prompt: row.prompt, deleted_at: row.deleted_at, project_id: row.project_id }),
  };
}

/** Checks: their latest state. */
export function checksCopy(checks: readonly StoredCheck[]): EachCopy {
  return {
    collection: 'checks',
    records: checks.map((c) => ({ id: c.id, value: c, params: [c.id, c.account_id, c.status, JSON.stringify(c)] })),
    insert: 'INSERT INTO citation_checks (id, account_id, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
    select: 'SELECT id, body FROM citation_checks WHERE id = ANY($1)',
    stored: (row) => row.body,
  };
}
