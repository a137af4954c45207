/**
 * The blocks of days of PostgreSQL's traffic (migrations/0017-traffic-blocks.ts, ../rollup/traffic-blocks.ts):
 * kept by each committed chunk inside its transaction (under the project's advisory lock), built once for a
 * project whose days predate them, and read as the fewest rollups that cover a window.
 */
import type pg from 'pg';
import type { TrafficChunk } from '../contracts/traffic.js';
import { isDayRollup, type DayRollup } from '../rollup/traffic-days.js';
import {
  addDaysToBlocks,
  blockKey,
  blocksOfDay,
  buildBlocks,
  coverWindow,
  type BlockRef,
  type StoredTrafficBlock,
} from '../rollup/traffic-blocks.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';
import type { RollupCache } from './rollup-cache.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

const refOfKey = (key: string): BlockRef => ({ level: Number(key.slice(0, key.indexOf(':'))), start: key.slice(key.indexOf(':') + 1) });

async function writeBlocks(db: Queryable, projectId: string, blocks: ReadonlyMap<string, DayRollup>): Promise<void> {
  const levels: number[] = [];
  const starts: string[] = [];
  const rollups: string[] = [];
  const agentDays: string[] = [];
  for (const [key, { agent_days, ...rollup }] of blocks) {
    const ref = refOfKey(key);
    levels.push(ref.level);
    starts.push(ref.start);
    rollups.push(JSON.stringify(rollup));
    agentDays.push(JSON.stringify(agent_days ?? {}));
  }
  if (levels.length === 0) return;
  await db.query(
    `INSERT INTO traffic_blocks (project_id, level, start, rollup, agent_days)
     SELECT $1, l, s, r::json, a::json FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS u(l, s, r, a)
     ON CONFLICT (project_id, level, start) DO UPDATE SET rollup = EXCLUDED.rollup, agent_days = EXCLUDED.agent_days`,
    [projectId, levels, starts, rollups, agentDays],
  );
}

/** Before a chunk's days are merged: whether the project's blocks are kept (a project without days starts them now). */
export async function blocksKept(db: Queryable, projectId: string): Promise<boolean> {
  const { rows } = await db.query<{ built: boolean; had: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM traffic_block_projects WHERE project_id = $1) AS built,
            EXISTS (SELECT 1 FROM traffic_days WHERE project_id = $1) AS had`,
    [projectId],
  );
  if (rows[0]!.built) return true;
  if (rows[0]!.had) return false; // built when first asked for (ensureBlocks)
  await db.query('INSERT INTO traffic_block_projects (project_id) VALUES ($1) ON CONFLICT DO NOTHING', [projectId]);
  return true;
}

/** Adds a chunk's days to the blocks they belong to. */
export async function addChunkToBlocks(db: Queryable, chunk: TrafficChunk): Promise<void> {
  if (chunk.days.length === 0) return;
  const refs = new Map(chunk.days.flatMap((d) => blocksOfDay(d.date)).map((r) => [blockKey(r), r]));
  const { rows } = await db.query<{ level: number; start: string; rollup: DayRollup; agent_days: DayRollup['agent_days'] }>(
    `SELECT level, start, rollup, agent_days FROM traffic_blocks
     WHERE project_id = $1 AND (level, start) IN (SELECT * FROM unnest($2::int[], $3::text[]))`,
    [chunk.project_id, [...refs.values()].map((r) => r.level), [...refs.values()].map((r) => r.start)],
  );
  const blocks = new Map<string, DayRollup>();
  for (const r of rows) if (isDayRollup(r.rollup)) blocks.set(blockKey(r), { ...r.rollup, agent_days: r.agent_days ?? {} });
  addDaysToBlocks(blocks, chunk.days);
  await writeBlocks(db, chunk.project_id, blocks);
}

/** Builds the project's blocks from its days, once (another process may be building them: the lock waits for it). */
async function ensureBlocks(pool: pg.Pool, projectId: string): Promise<void> {
  const built = await pool.query('SELECT 1 FROM traffic_block_projects WHERE project_id = $1', [projectId]);
  if (built.rowCount) return;
  await inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, [`traffic:${projectId}`]);
    const again = await client.query('SELECT 1 FROM traffic_block_projects WHERE project_id = $1', [projectId]);
    if (again.rowCount) return;
    const { rows } = await client.query<{ day: string; rollup: unknown }>(
      'SELECT day, rollup FROM traffic_days WHERE project_id = $1 ORDER BY day',
      [projectId],
    );
    const days = rows.filter((r) => isDayRollup(r.rollup)).map((r) => ({ date: r.day, rollup: r.rollup as DayRollup }));
    await client.query('DELETE FROM traffic_blocks WHERE project_id = $1', [projectId]);
    await writeBlocks(client, projectId, await buildBlocks(days));
    await client.query('INSERT INTO traffic_block_projects (project_id) VALUES ($1)', [projectId]);
  });
}

type RollupRow = { level: number; start: string; v: string; rollup: unknown; agent_days: DayRollup['agent_days'] | null };

/** The row versions of the window's days and blocks: which of them the cache holds as they are now. */
async function windowVersions(pool: pg.Pool, projectId: string, days: string[], blocks: BlockRef[]) {
  const { rows } = await pool.query<{ level: number; start: string; v: string }>({
    name: 'citable-traffic-window-versions',
    text: `SELECT 0 AS level, day AS start, xmin::text AS v FROM traffic_days WHERE project_id = $1 AND day = ANY($2::text[])
           UNION ALL
           SELECT level, start, xmin::text AS v FROM traffic_blocks
           WHERE project_id = $1 AND (level, start) IN (SELECT * FROM unnest($3::int[], $4::text[]))`,
    values: [projectId, days, blocks.map((r) => r.level), blocks.map((r) => r.start)],
  });
  return rows;
}

/** Reads the days and blocks the cache did not hold (with their row versions) and keeps them in it. */
async function readRollups(pool: pg.Pool, projectId: string, refs: BlockRef[], withAgentDays: boolean, cache: RollupCache) {
  const days = refs.filter((r) => r.level === 0).map((r) => r.start);
  const blocks = refs.filter((r) => r.level > 0);
  const [dayRows, blockRows] = await Promise.all([
    days.length === 0
      ? { rows: [] as RollupRow[] }
      : pool.query<RollupRow>({
          name: 'citable-traffic-window-days',
          text: `SELECT 0 AS level, day AS start, xmin::text AS v, rollup, NULL AS agent_days FROM traffic_days
                 WHERE project_id = $1 AND day = ANY($2::text[])`,
          values: [projectId, days],
        }),
    blocks.length === 0
      ? { rows: [] as RollupRow[] }
      : pool.query<RollupRow>({
          name: withAgentDays ? 'citable-traffic-window-blocks-agents' : 'citable-traffic-window-blocks',
          text: `SELECT level, start, xmin::text AS v, rollup, ${withAgentDays ? 'agent_days' : 'NULL AS agent_days'} FROM traffic_blocks
                 WHERE project_id = $1 AND (level, start) IN (SELECT * FROM unnest($2::int[], $3::text[]))`,
          values: [projectId, blocks.map((r) => r.level), blocks.map((r) => r.start)],
        }),
  ]);
  const out = new Map<string, DayRollup>();
  for (const r of [...dayRows.rows, ...blockRows.rows]) {
    if (!isDayRollup(r.rollup)) continue;
    const rollup = r.agent_days ? { ...r.rollup, agent_days: r.agent_days } : r.rollup;
    out.set(blockKey(r), rollup);
    cache.set(`${projectId}|${blockKey(r)}`, { version: r.v, rollup, withAgentDays: withAgentDays || r.level === 0 });
  }
  return out;
}

/**
 * The fewest days and blocks covering the project's stored days from `since` to `until`; agents' daily hits only
 * when asked. Rollups read before and unchanged since come from `cache` (checked against their rows' versions).
 */
export async function readWindow(
  pool: pg.Pool,
  projectId: string,
  since: string,
  until: string,
  withAgentDays: boolean,
  cache: RollupCache,
): Promise<StoredTrafficBlock[]> {
  const { rows: span } = await pool.query<{ first: string | null; last: string | null }>({
    name: 'citable-traffic-span',
    text: 'SELECT min(day) AS first, max(day) AS last FROM traffic_days WHERE project_id = $1 AND day >= $2 AND day <= $3',
    values: [projectId, since, until],
  });
  const { first, last } = span[0]!;
  if (first === null || last === null) return [];
  const cover = coverWindow(first, last);
  const blocks = cover.filter((r) => r.level > 0);
  if (blocks.length > 0) await ensureBlocks(pool, projectId);
  const days = cover.filter((r) => r.level === 0).map((r) => r.start);
  const found = new Map<string, DayRollup>();
  const missing: BlockRef[] = [];
  for (const row of await windowVersions(pool, projectId, days, blocks)) {
    const key = blockKey(row);
    const cached = cache.get(`${projectId}|${key}`, row.v, withAgentDays && row.level > 0);
    if (cached) found.set(key, cached);
    else missing.push({ level: row.level, start: row.start });
  }
  if (missing.length > 0)
    for (const [key, rollup] of await readRollups(pool, projectId, missing, withAgentDays, cache)) found.set(key, rollup);
  return cover.flatMap((ref) => {
    const rollup = found.get(blockKey(ref));
    return rollup ? [{ project_id: projectId, ...ref, rollup }] : [];
  });
}
