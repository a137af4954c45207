/**
 * The PostgreSQL rollups of citation intelligence (migrations/0006-citation-intelligence.ts): tallies are summed per key in
 * JavaScript first (one upsert may not touch a row twice), sorted (concurrent writers lock rows in the
 * same order), then written with one INSERT ... ON CONFLICT per table. A day row of an engine carries its
 * competitors (migration 11).
 * Sources are running totals over blocks of two years (citations-source-blocks.ts).
 */
import type pg from 'pg';
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { RowTally } from '../rollup/row-tally.js';
import { addCounts, type DayTally } from '../rollup/day-tally.js';
import type { DayWindow } from '../rollup/days.js';
import { inKeyOrder } from './infra/key-order.js';
import { writeSourceBlocks } from './citations-source-blocks.js';

export { readSourceTallies } from './citations-source-blocks.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** Adds (sign 1) or takes away (sign -1) these tallies. */
export async function applyTallies(db: Queryable, tallies: readonly RowTally[], sign: 1 | -1): Promise<void> {
  if (tallies.length === 0) return;
  const days = new Map<string, { key: [string, string, string]; values: number[]; competitors: Record<string, number> }>();
  for (const t of tallies) {
    const id = `${t.scope}|${t.day}|${t.engine}`;
    const amounts = [t.runs, t.visible, t.mentioned, t.cited, t.position_sum, t.position_count].map((v) => v * sign);
    let entry = days.get(id);
    if (!entry) days.set(id, (entry = { key: [t.scope, t.day, t.engine], values: amounts.map(() => 0), competitors: {} }));
    amounts.forEach((v, i) => (entry.values[i]! += v));
    for (const [name, visible] of t.competitors) entry.competitors[name] = (entry.competitors[name] ?? 0) + visible * sign;
  }
  const d = inKeyOrder(days);
  // A day's competitors add up by name: the stored object's and the new one's entries, summed per key.
  await db.query(
    `INSERT INTO citation_rollup_days AS r (scope, day, engine, runs, visible, mentioned, cited, position_sum, position_count, competitors)
     SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bigint[], $9::int[], $10::jsonb[])
     ON CONFLICT (scope, day, engine) DO UPDATE SET runs = r.runs + EXCLUDED.runs, visible = r.visible + EXCLUDED.visible,
       mentioned = r.mentioned + EXCLUDED.mentioned, cited = r.cited + EXCLUDED.cited,
       position_sum = r.position_sum + EXCLUDED.position_sum, position_count = r.position_count + EXCLUDED.position_count,
       competitors = CASE WHEN EXCLUDED.competitors = '{}'::jsonb THEN r.competitors ELSE (
         SELECT jsonb_object_agg(name, visible) FROM (
           SELECT name, sum(visible::int) AS visible
           FROM (SELECT * FROM jsonb_each_text(r.competitors) UNION ALL SELECT * FROM jsonb_each_text(EXCLUDED.competitors)) AS e(name, visible)
           GROUP BY name
         ) summed) END`,
    [
      ...[0, 1, 2].map((k) => d.map((r) => r.key[k])),
      ...[0, 1, 2, 3, 4, 5].map((k) => d.map((r) => r.values[k])),
      d.map((r) => JSON.stringify(r.competitors)),
    ],
  );
  await writeSourceBlocks(db, tallies, sign);
}

export async function dropScope(db: Queryable, scope: string): Promise<void> {
  for (const table of ['citation_rollup_days', 'citation_source_domain_blocks', 'citation_source_url_blocks']) {
    await db.query(`DELETE FROM ${table} WHERE scope = $1`, [scope]);
  }
}

/** One row per scope, day and engine as stored, competitors included; several scopes are added up here. */
export async function readDayTallies(
  db: Queryable,
  scopes: readonly string[],
  window: DayWindow,
  engine?: CitationEngineId,
): Promise<DayTally[]> {
  const values: unknown[] = [[...scopes], window.since, window.until];
  const { rows } = await db.query<DayTally>(
    `SELECT day::text AS day, engine, runs, visible, mentioned, cited, position_sum::float8 AS position_sum, position_count, competitors
     FROM citation_rollup_days
     WHERE scope = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date ${engine !== undefined ? `AND engine = $${values.push(engine)}` : ''}`,
    values,
  );
  return scopes.length > 1 ? mergeScopes(rows) : rows;
}

function mergeScopes(rows: readonly DayTally[]): DayTally[] {
  const out = new Map<string, DayTally>();
  for (const r of rows) {
    const key = `${r.day}|${r.engine}`;
    const t = out.get(key);
    if (!t) {
      out.set(key, { ...r, competitors: { ...r.competitors } });
      continue;
    }
    addCounts(t, r);
    for (const [name, visible] of Object.entries(r.competitors)) t.competitors[name] = (t.competitors[name] ?? 0) + visible;
  }
  return [...out.values()];
}
