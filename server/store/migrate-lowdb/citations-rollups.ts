/**
 * The citation rollups after a copy (`citable migrate`): what GET /citations/summary and /citations/sources
 * read. The embedded store rebuilds them in memory at open from the tallies of the rows of live prompts;
 * here the same figures are computed from the source (MemoryRollups, the embedded store's own code) and
 * compared, per scope (a project, or `acct:<account>`), with what PostgreSQL answers: every day of every
 * engine (with competitors), and the sources of all engines and of each engine. A scope that differs is
 * rebuilt in PostgreSQL from the copied rows' tallies (the rows of live prompts, as appendResult and
 * deletePrompt keep them), in one transaction, then compared again. A second run finds every scope equal
 * and rebuilds nothing.
 */
import type pg from 'pg';
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { StoredCitationRow } from '../contracts/citations.js';
import { upgradeRow } from '../contracts/citations-upgrade.js';
import type { DayTally } from '../rollup/day-tally.js';
import type { DayWindow } from '../rollup/days.js';
import { MemoryRollups } from '../rollup/memory-rollups.js';
import { tallyOfRow, type RowTally } from '../rollup/row-tally.js';
import type { SourceTally } from '../rollup/source-tally.js';
import { checksum, compareSums, type CollectionReport } from './verify.js';
import type { LowdbSource } from './read.js';
import { inTransaction } from '../postgres/infra/pool.js';
import { applyTallies, dropScope, readDayTallies, readSourceTallies } from '../postgres/citations-rollups.js';

/** More domains than any scope cites: every source is compared, not only a top list. */
const ALL_SOURCES = 1_000_000;
const PAGE = 2_000;

interface RollupReader {
  dayTallies(scopes: readonly string[], window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]> | DayTally[];
  sourceTallies(
    scopes: readonly string[],
    window: DayWindow,
    engine: CitationEngineId | undefined,
    limit: number,
  ): Promise<SourceTally[]> | SourceTally[];
}

export async function importRollups(pool: pg.Pool, source: LowdbSource): Promise<CollectionReport> {
  const live = new Set(source.prompts.filter((p) => p.deleted_at === null).map((p) => p.prompt.id));
  const expected = new MemoryRollups();
  const scopes = new Set<string>([...source.accounts.map((a) => `acct:${a.id}`), ...source.collections.projects.map((p) => p.id)]);
  let window = null as DayWindow | null;
  for (const { row } of source.rows) {
    const tally = row.tally ?? tallyOfRow(row);
    scopes.add(tally.scope);
    window = window
      ? { since: tally.day < window.since ? tally.day : window.since, until: tally.day > window.until ? tally.day : window.until }
      : { since: tally.day, until: tally.day };
    if (live.has(row.prompt_id) && row.status !== 'not_configured') expected.apply(tally);
  }
  const ids = [...scopes].sort();
  if (!window)
    return compareSums('citation_rollups', new Map(ids.map((s) => [s, checksum(null)])), new Map(ids.map((s) => [s, checksum(null)])), 0);
  const span = window;

  const postgres: RollupReader = {
    dayTallies: (s, w, e) => readDayTallies(pool, s, w, e),
    sourceTallies: (s, w, e, limit) => readSourceTallies(pool, s, w, e, limit),
  };
  const sums = async (reader: RollupReader) =>
    new Map(await Promise.all(ids.map(async (scope) => [scope, checksum(await rollupView(reader, scope, span))] as const)));
  const sourceSums = await sums(expected);
  let targetSums = await sums(postgres);
  const differing = ids.filter((scope) => sourceSums.get(scope) !== targetSums.get(scope));
  if (differing.length > 0) {
    await rebuild(pool, differing);
    targetSums = await sums(postgres);
  }
  return compareSums('citation_rollups', sourceSums, targetSums, differing.length);
}

/** Everything summaries and sources can read of one scope over the window, in a stable order. */
async function rollupView(reader: RollupReader, scope: string, window: DayWindow): Promise<unknown> {
  const days = (await reader.dayTallies([scope], window))
    .filter(
      (t) =>
        t.runs ||
        t.visible ||
        t.mentioned ||
        t.cited ||
        t.position_sum ||
        t.position_count ||
        Object.values(t.competitors).some((v) => v !== 0),
    )
    .map((t) => ({ ...t, competitors: Object.fromEntries(Object.entries(t.competitors).filter(([, v]) => v !== 0)) }))
    .sort((a, b) => (`${a.day}|${a.engine}` < `${b.day}|${b.engine}` ? -1 : 1));
  const sources: Record<string, SourceTally[]> = {};
  for (const engine of [undefined, ...CITATION_ENGINE_IDS])
    sources[engine ?? '*'] = await reader.sourceTallies([scope], window, engine, ALL_SOURCES);
  return { days, sources };
}

/** Drops these scopes' rollups and adds back the tallies of their rows whose prompt is live, in one transaction. */
async function rebuild(pool: pg.Pool, scopes: string[]): Promise<void> {
  await inTransaction(pool, async (client) => {
    for (const scope of scopes) await dropScope(client, scope);
    for (let after = 0; ;) {
      const { rows } = await client.query<{ seq: number; tally: RowTally | null; result: StoredCitationRow | null }>(
        `SELECT r.seq, r.tally, CASE WHEN r.tally IS NULL THEN r.result END AS result
         FROM citation_results r JOIN prompts p ON p.id = r.prompt_id AND p.deleted_at IS NULL
         WHERE COALESCE(r.tally->>'scope', r.result->>'project_id', 'acct:' || r.account_id) = ANY($1::text[])
           AND r.result->>'status' <> 'not_configured' AND r.seq > $2::bigint
         ORDER BY r.seq LIMIT ${PAGE}`,
        [scopes, after],
      );
      if (rows.length === 0) return;
      await applyTallies(
        client,
        rows.map((r) => r.tally ?? tallyOfRow(upgradeRow(r.result!))),
        1,
      );
      after = rows.at(-1)!.seq;
    }
  });
}
