/**
 * Traffic in PostgreSQL (schema: migrations/0016-traffic.ts). A chunk is one transaction under the project's
 * advisory lock: the cursor is checked and moved, the days it touches are read, merged (../rollup/traffic-days.ts)
 * and written back, and its pages' day bits OR-ed in; two ingests of one project never merge the same day at once.
 */
import type pg from 'pg';
import type { IngestStatus, StoredIngest, TrafficChunk, TrafficStore } from '../contracts/traffic.js';
import { isDayRollup, mergeRollups, type DayRollup, type StoredTrafficDay } from '../rollup/traffic-days.js';
import { bitmapsOf, fetchedBetween, YEAR_BYTES } from '../rollup/page-days.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';
import { addChunkToBlocks, blocksKept, readWindow } from './traffic-blocks.js';
import type { StoredTrafficBlock } from '../rollup/traffic-blocks.js';
import { RollupCache } from './rollup-cache.js';

const COLUMNS = 'id, account_id, project_id, sha256, status, bytes, lines, byte_offset, problems, error, created_at, updated_at';

interface IngestRow extends Omit<StoredIngest, 'offset'> {
  byte_offset: number;
}

const ingestOf = ({ byte_offset, ...row }: IngestRow): StoredIngest => ({ ...row, offset: Number(byte_offset) });

/** A bitmap as PostgreSQL's bit(366) text, and back. */
function bitText(bits: Uint8Array): string {
  let s = '';
  for (let d = 0; d < 366; d++) s += bits[d >> 3]! & (1 << (d & 7)) ? '1' : '0';
  return s;
}

function bitsOf(text: string): Uint8Array {
  const bits = new Uint8Array(YEAR_BYTES);
  for (let d = 0; d < text.length && d < 366; d++) if (text.charCodeAt(d) === 49) bits[d >> 3]! |= 1 << (d & 7);
  return bits;
}

const ROLLUP_CACHES = new WeakMap<pg.Pool, RollupCache>();

export class PostgresTrafficStore implements TrafficStore {
  /**
   * Parsed rollups read before, checked against their rows' versions at each read (./rollup-cache.ts): one per
   * pool, since `Store.traffic()` answers a new instance each call.
   */
  readonly #rollups: RollupCache;

  constructor(private readonly pool: pg.Pool) {
    let cache = ROLLUP_CACHES.get(pool);
    if (!cache) ROLLUP_CACHES.set(pool, (cache = new RollupCache()));
    this.#rollups = cache;
  }

  async createIngest(ingest: StoredIngest): Promise<{ ingest: StoredIngest; created: boolean }> {
    const { rows } = await this.pool.query<IngestRow>(
      `INSERT INTO traffic_ingests (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (project_id, sha256) DO NOTHING RETURNING ${COLUMNS}`,
      [
        ingest.id,
        ingest.account_id,
        ingest.project_id,
        ingest.sha256,
        ingest.status,
        ingest.bytes,
        ingest.lines,
        ingest.offset,
        JSON.stringify(ingest.problems),
        ingest.error,
        ingest.created_at,
        ingest.updated_at,
      ],
    );
    if (rows[0]) return { ingest: ingestOf(rows[0]), created: true };
    const had = await this.pool.query<IngestRow>(`SELECT ${COLUMNS} FROM traffic_ingests WHERE project_id = $1 AND sha256 = $2`, [
      ingest.project_id,
      ingest.sha256,
    ]);
    return { ingest: ingestOf(had.rows[0]!), created: false };
  }

  async getIngest(projectId: string, id: string): Promise<StoredIngest | null> {
    const { rows } = await this.pool.query<IngestRow>(`SELECT ${COLUMNS} FROM traffic_ingests WHERE id = $1 AND project_id = $2`, [
      id,
      projectId,
    ]);
    return rows[0] ? ingestOf(rows[0]) : null;
  }

  async listUnfinishedIngests(): Promise<StoredIngest[]> {
    const { rows } = await this.pool.query<IngestRow>(
      `SELECT ${COLUMNS} FROM traffic_ingests WHERE status IN ('queued', 'ingesting') ORDER BY created_at, id`,
    );
    return rows.map(ingestOf);
  }

  commitChunk(chunk: TrafficChunk): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, [`traffic:${chunk.project_id}`]);
      const { rows } = await client.query<{ byte_offset: number; problems: StoredIngest['problems'] }>(
        'SELECT byte_offset, problems FROM traffic_ingests WHERE id = $1 FOR UPDATE',
        [chunk.ingest_id],
      );
      if (!rows[0] || Number(rows[0].byte_offset) !== chunk.from) return false;
      const kept = await blocksKept(client, chunk.project_id);
      await mergeDays(client, chunk);
      if (kept) await addChunkToBlocks(client, chunk);
      await orPages(client, chunk);
      await client.query('UPDATE traffic_ingests SET byte_offset = $2, lines = lines + $3, problems = $4, updated_at = $5 WHERE id = $1', [
        chunk.ingest_id,
        chunk.to,
        chunk.lines,
        JSON.stringify([...rows[0].problems, ...chunk.problems].slice(0, 20)),
        chunk.at,
      ]);
      return true;
    });
  }

  async setIngestStatus(id: string, status: IngestStatus, error: string | null, at: string): Promise<void> {
    await this.pool.query('UPDATE traffic_ingests SET status = $2, error = $3, updated_at = $4 WHERE id = $1', [id, status, error, at]);
  }

  async listDays(projectId: string, since: string, until: string): Promise<StoredTrafficDay[]> {
    const { rows } = await this.pool.query<{ day: string; rollup: unknown }>({
      name: 'citable-traffic-days',
      text: 'SELECT day, rollup FROM traffic_days WHERE project_id = $1 AND day >= $2 AND day <= $3 ORDER BY day',
      values: [projectId, since, until],
    });
    return rows.filter((r) => isDayRollup(r.rollup)).map((r) => ({ project_id: projectId, date: r.day, rollup: r.rollup as DayRollup }));
  }

  listWindow(projectId: string, since: string, until: string, agentDays = false): Promise<StoredTrafficBlock[]> {
    return readWindow(this.pool, projectId, since, until, agentDays, this.#rollups);
  }

  async fetchedPaths(projectId: string, paths: readonly string[], since: string, until: string): Promise<Set<string>> {
    const out = new Set<string>();
    if (paths.length === 0) return out;
    const { rows } = await this.pool.query<{ path: string; year: number; days: string }>(
      `SELECT path, year, days::text AS days FROM traffic_pages
       WHERE project_id = $1 AND path_key = ANY(SELECT md5(p) FROM unnest($2::text[]) AS p) AND year BETWEEN $3 AND $4`,
      [projectId, paths, Number(since.slice(0, 4)), Number(until.slice(0, 4))],
    );
    const byPath = new Map<string, Map<number, Uint8Array>>();
    for (const r of rows) {
      const years = byPath.get(r.path) ?? new Map<number, Uint8Array>();
      years.set(r.year, bitsOf(r.days));
      byPath.set(r.path, years);
    }
    for (const [p, years] of byPath) if (fetchedBetween(years, since, until)) out.add(p);
    return out;
  }

  async deleteProject(projectId: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      for (const table of ['traffic_days', 'traffic_pages', 'traffic_blocks', 'traffic_block_projects', 'traffic_ingests'])
        await client.query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId]);
    });
    this.#rollups.dropProject(projectId);
  }

  async close(): Promise<void> {} // the pool belongs to PostgresStore
}

async function mergeDays(client: pg.PoolClient, chunk: TrafficChunk): Promise<void> {
  if (chunk.days.length === 0) return;
  const { rows } = await client.query<{ day: string; rollup: unknown }>(
    'SELECT day, rollup FROM traffic_days WHERE project_id = $1 AND day = ANY($2::text[])',
    [chunk.project_id, chunk.days.map((d) => d.date)],
  );
  const had = new Map(rows.filter((r) => isDayRollup(r.rollup)).map((r) => [r.day, r.rollup as DayRollup]));
  const merged = chunk.days.map(({ date, rollup }) => {
    const old = had.get(date);
    return { date, rollup: old ? mergeRollups(old, rollup) : rollup };
  });
  await client.query(
    `INSERT INTO traffic_days (project_id, day, rollup) SELECT $1, d, r::json FROM unnest($2::text[], $3::text[]) AS u(d, r)
     ON CONFLICT (project_id, day) DO UPDATE SET rollup = EXCLUDED.rollup`,
    [chunk.project_id, merged.map((m) => m.date), merged.map((m) => JSON.stringify(m.rollup))],
  );
}

async function orPages(client: pg.PoolClient, chunk: TrafficChunk): Promise<void> {
  const paths: string[] = [];
  const years: number[] = [];
  const days: string[] = [];
  for (const { path, dates } of chunk.pages) {
    for (const [year, bits] of bitmapsOf(dates)) {
      paths.push(path);
      years.push(year);
      days.push(bitText(bits));
    }
  }
  if (paths.length === 0) return;
  await client.query(
    `INSERT INTO traffic_pages (project_id, path_key, year, path, days)
     SELECT $1, md5(p), y, p, d::bit(366) FROM unnest($2::text[], $3::int[], $4::text[]) AS u(p, y, d)
     ON CONFLICT (project_id, path_key, year) DO UPDATE SET days = traffic_pages.days | EXCLUDED.days`,
    [chunk.project_id, paths, years, days],
  );
}
