/**
 * The PostgreSQL rollups of citation intelligence (citation-migrations.ts): tallies are summed per key in
 * JavaScript first (one upsert may not touch a row twice), sorted (concurrent writers lock rows in the
 * same order), then written with one INSERT ... ON CONFLICT per table. Reads sum the rows of a window.
 */
import type pg from 'pg';
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { RowTally } from '../rollup/row-tally.js';
import { compareSources, TOP_URLS, type SourceTally } from '../rollup/source-tally.js';
import type { DayTally } from '../rollup/day-tally.js';
import { coverWindow } from '../rollup/days.js';
import type { DayWindow } from '../rollup/days.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

function sumInto<K>(map: Map<string, { key: K; values: number[] }>, id: string, key: K, values: number[]): void {
  const entry = map.get(id);
  if (!entry) map.set(id, { key, values: [...values] });
  else values.forEach((v, i) => (entry.values[i] = entry.values[i]! + v));
}

const sorted = <T>(map: Map<string, T>): T[] => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/** Adds (sign 1) or takes away (sign -1) these tallies. */
export async function applyTallies(db: Queryable, tallies: readonly RowTally[], sign: 1 | -1): Promise<void> {
  if (tallies.length === 0) return;
  const days = new Map<string, { key: [string, string, string]; values: number[] }>();
  const competitors = new Map<string, { key: [string, string, string, string]; values: number[] }>();
  const domains = new Map<string, { key: [string, string, string, string, string]; values: number[] }>();
  const urls = new Map<string, { key: [string, string, string, string, string, string]; values: number[] }>();
  for (const t of tallies) {
    const s = sign;
    sumInto(days, `${t.scope}|${t.day}|${t.engine}`, [t.scope, t.day, t.engine], [t.runs * s, t.visible * s, t.mentioned * s, t.cited * s, t.position_sum * s, t.position_count * s]);
    for (const [name, visible] of t.competitors) sumInto(competitors, `${t.scope}|${t.day}|${t.engine}|${name}`, [t.scope, t.day, t.engine, name], [visible * s]);
    for (const engine of [t.engine, '*']) {
      for (const [grain, period] of [['d', t.day], ['m', monthOf(t.day)]] as const) {
        for (const [domain, citations, runs] of t.domains) {
          sumInto(domains, `${t.scope}|${engine}|${grain}|${period}|${domain}`, [t.scope, engine, grain, period, domain], [citations * s, runs * s]);
        }
        for (const [url, domain, citations] of t.urls) {
          sumInto(urls, `${t.scope}|${engine}|${domain}|${grain}|${period}|${url}`, [t.scope, engine, domain, grain, period, url], [citations * s]);
        }
      }
    }
  }
  const col = <T>(rows: Array<{ key: unknown[]; values: number[] }>, pick: (r: { key: unknown[]; values: number[] }) => T) => rows.map(pick);
  const d = sorted(days);
  await db.query(
    `INSERT INTO citation_rollup_days AS r (scope, day, engine, runs, visible, mentioned, cited, position_sum, position_count)
     SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bigint[], $9::int[])
     ON CONFLICT (scope, day, engine) DO UPDATE SET runs = r.runs + EXCLUDED.runs, visible = r.visible + EXCLUDED.visible,
       mentioned = r.mentioned + EXCLUDED.mentioned, cited = r.cited + EXCLUDED.cited,
       position_sum = r.position_sum + EXCLUDED.position_sum, position_count = r.position_count + EXCLUDED.position_count`,
    [0, 1, 2].map((k) => col(d, (r) => r.key[k])).concat([0, 1, 2, 3, 4, 5].map((k) => col(d, (r) => r.values[k]))),
  );
  const c = sorted(competitors);
  if (c.length > 0) {
    await db.query(
      `INSERT INTO citation_rollup_competitors AS r (scope, day, engine, name, visible)
       SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::int[])
       ON CONFLICT (scope, day, engine, name) DO UPDATE SET visible = r.visible + EXCLUDED.visible`,
      [0, 1, 2, 3].map((k) => col(c, (r) => r.key[k])).concat([col(c, (r) => r.values[0])]),
    );
  }
  const m = sorted(domains);
  if (m.length > 0) {
    await db.query(
      `INSERT INTO citation_rollup_domains AS r (scope, engine, grain, period, domain, citations, runs)
       SELECT * FROM unnest($1::text[], $2::text[], $3::"char"[], $4::date[], $5::text[], $6::int[], $7::int[])
       ON CONFLICT (scope, engine, grain, period, domain) DO UPDATE SET citations = r.citations + EXCLUDED.citations, runs = r.runs + EXCLUDED.runs`,
      [0, 1, 2, 3, 4].map((k) => col(m, (r) => r.key[k])).concat([0, 1].map((k) => col(m, (r) => r.values[k]))),
    );
  }
  const u = sorted(urls);
  if (u.length > 0) {
    await db.query(
      `INSERT INTO citation_rollup_urls AS r (scope, engine, domain, grain, period, url, citations)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::"char"[], $5::date[], $6::text[], $7::int[])
       ON CONFLICT (scope, engine, domain, grain, period, url) DO UPDATE SET citations = r.citations + EXCLUDED.citations`,
      [0, 1, 2, 3, 4, 5].map((k) => col(u, (r) => r.key[k])).concat([col(u, (r) => r.values[0])]),
    );
  }
}

export async function dropScope(db: Queryable, scope: string): Promise<void> {
  for (const table of ['citation_rollup_days', 'citation_rollup_competitors', 'citation_rollup_domains', 'citation_rollup_urls']) {
    await db.query(`DELETE FROM ${table} WHERE scope = $1`, [scope]);
  }
}

export async function readDayTallies(db: Queryable, scopes: readonly string[], window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]> {
  const values: unknown[] = [[...scopes], window.since, window.until];
  const engineSql = engine !== undefined ? `AND engine = $${values.push(engine)}` : '';
  const [days, competitors] = await Promise.all([
    db.query<{ day: string; engine: CitationEngineId; runs: number; visible: number; mentioned: number; cited: number; position_sum: number; position_count: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, sum(runs)::int AS runs, sum(visible)::int AS visible, sum(mentioned)::int AS mentioned,
              sum(cited)::int AS cited, sum(position_sum)::float8 AS position_sum, sum(position_count)::int AS position_count
       FROM citation_rollup_days WHERE scope = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date ${engineSql}
       GROUP BY day, engine`,
      values,
    ),
    db.query<{ day: string; engine: CitationEngineId; name: string; visible: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, name, sum(visible)::int AS visible
       FROM citation_rollup_competitors WHERE scope = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date ${engineSql}
       GROUP BY day, engine, name`,
      values,
    ),
  ]);
  const out = new Map<string, DayTally>();
  for (const r of days.rows) out.set(`${r.day}|${r.engine}`, { ...r, competitors: {} });
  for (const r of competitors.rows) {
    const key = `${r.day}|${r.engine}`;
    let t = out.get(key);
    if (!t) out.set(key, (t = { day: r.day, engine: r.engine, runs: 0, visible: 0, mentioned: 0, cited: 0, position_sum: 0, position_count: 0, competitors: {} }));
    t.competitors[r.name] = r.visible;
  }
  return [...out.values()];
}

/** The window as SQL over (grain, period): whole months as month rows, the rest as day rows. */
function periodFilter(window: DayWindow, values: unknown[]): string {
  const cover = coverWindow(window);
  const parts: string[] = [];
  if (cover.months.length > 0) parts.push(`(grain = 'm' AND period = ANY($${values.push(cover.months)}::date[]))`);
  for (const [from, to] of cover.dayRanges) parts.push(`(grain = 'd' AND period BETWEEN $${values.push(from)}::date AND $${values.push(to)}::date)`);
  return `(${parts.join(' OR ')})`;
}

export async function readSourceTallies(db: Queryable, scopes: readonly string[], window: DayWindow, engine: CitationEngineId | undefined, limit: number): Promise<SourceTally[]> {
  const values: unknown[] = [[...scopes], engine ?? '*'];
  const periods = periodFilter(window, values);
  const top = await db.query<{ domain: string; citations: number; runs: number }>(
    `SELECT domain, sum(citations)::int AS citations, sum(runs)::int AS runs FROM citation_rollup_domains
     WHERE scope = ANY($1::text[]) AND engine = $2 AND ${periods}
     GROUP BY domain HAVING sum(citations) > 0
     ORDER BY sum(citations) DESC, domain LIMIT $${values.push(limit)}`,
    values,
  );
  if (top.rows.length === 0) return [];
  const domains = top.rows.map((r) => r.domain);
  // The engines by name, not `engine <> '*'`: a list the primary key can probe (an inequality made it scan the table).
  const engineValues: unknown[] = [[...scopes], domains, engine === undefined ? [...CITATION_ENGINE_IDS] : [engine]];
  const enginePeriods = periodFilter(window, engineValues);
  const urlValues: unknown[] = [[...scopes], engine ?? '*', domains];
  const urlPeriods = periodFilter(window, urlValues);
  const [engines, urls] = await Promise.all([
    db.query<{ domain: string; engine: CitationEngineId }>(
      `SELECT domain, engine FROM citation_rollup_domains
       WHERE scope = ANY($1::text[]) AND engine = ANY($3::text[]) AND domain = ANY($2::text[]) AND ${enginePeriods}
       GROUP BY domain, engine HAVING sum(citations) > 0`,
      engineValues,
    ),
    db.query<{ domain: string; url: string; citations: number }>(
      `SELECT domain, url, citations FROM (
         SELECT domain, url, sum(citations)::int AS citations,
                row_number() OVER (PARTITION BY domain ORDER BY sum(citations) DESC, url) AS rank
         FROM citation_rollup_urls
         WHERE scope = ANY($1::text[]) AND engine = $2 AND domain = ANY($3::text[]) AND ${urlPeriods}
         GROUP BY domain, url HAVING sum(citations) > 0
       ) ranked WHERE rank <= ${TOP_URLS}`,
      urlValues,
    ),
  ]);
  return top.rows
    .map((r) => ({
      domain: r.domain,
      citations: r.citations,
      runs: r.runs,
      engines: CITATION_ENGINE_IDS.filter((id) => (engine === undefined || id === engine) && engines.rows.some((e) => e.domain === r.domain && e.engine === id)),
      top_urls: urls.rows
        .filter((u) => u.domain === r.domain)
        .map((u) => ({ url: u.url, citations: u.citations }))
        .sort((a, b) => b.citations - a.citations || (a.url < b.url ? -1 : 1)),
    }))
    .sort(compareSources);
}
