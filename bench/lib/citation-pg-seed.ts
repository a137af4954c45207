/**
 * The PostgreSQL citation benchmark's year, generated inside the database (minutes, not hours): one row per
 * (prompt, engine, day) as the scheduler writes them, and rollup rows with the embedded benchmark's
 * cardinalities (1,600 cited domains, 3,100 cited pages per engine and day; the '*' rows summed from them),
 * turned into running totals per year as migration 10 converts an older database. The schema is migration
 * SEEDED_VERSION's: the later migrations convert the year as they would a user's database.
 */
import type pg from 'pg';
import { sourceYearsFrom } from '../../server/store/postgres/migrations/0010-source-years.js';
import { BENCH_ACCOUNT, benchProject, COMPETITORS, ENGINES, PROJECT_ID } from './citation-synth.js';

/** The schema version this seed writes. */
export const SEEDED_VERSION = 11;

export async function seedYear(pool: pg.Pool, prompts: number, days: number, firstDay: string): Promise<void> {
  // One connection: the day rows go to temporary tables, which only their session sees.
  const client = await pool.connect();
  try {
    await seedWith((sql: string, values: unknown[] = []) => client.query(sql, values), prompts, days, firstDay);
  } finally {
    client.release();
  }
}

async function seedWith(
  q: (sql: string, values?: unknown[]) => Promise<pg.QueryResult>,
  prompts: number,
  days: number,
  firstDay: string,
): Promise<void> {
  const [ACCOUNT, FIRST_DAY] = [BENCH_ACCOUNT, firstDay];
  await q("INSERT INTO accounts (id, name, plan, created_at) VALUES ($1, 'Bench', 'agency', now()::text)", [ACCOUNT]);
  await q('INSERT INTO projects (id, account_id, project) VALUES ($1, $2, $3)', [PROJECT_ID, ACCOUNT, JSON.stringify(benchProject)]);
  await q(
    `INSERT INTO prompts (id, account_id, domain, text, created_ms, prompt, project_id)
     SELECT 'prm_bench' || lpad(p::text, 11, '0'), $1, 'acme.example', 'best tool for agencies ' || p, 1735689600000 + p * 1000,
            json_build_object('id', 'prm_bench' || lpad(p::text, 11, '0'), 'project_id', $2::text, 'account_id', $1::text, 'text', 'best tool for agencies ' || p,
                              'domain', 'acme.example', 'aliases', '[]'::json, 'runs', 3, 'created_at', '2025-01-01T00:00:00.000Z'), $2
     FROM generate_series(0, $3::int - 1) p`,
    [ACCOUNT, PROJECT_ID, prompts],
  );
  const engines = `ARRAY[${ENGINES.map((e) => `'${e}'`).join(',')}]`;
  // One row per (prompt, engine, day), as the scheduler writes them; its runs are not needed by the summary.
  await q(
    `INSERT INTO citation_results (account_id, prompt_id, engine, check_id, checked_ms, checked_day, calls, result)
     SELECT $1, 'prm_bench' || lpad(p::text, 11, '0'), e, 'chk_bench' || lpad(d::text, 11, '0'),
            extract(epoch FROM ($2::date + d))::bigint * 1000, to_char($2::date + d, 'YYYY-MM-DD'), 1,
            json_build_object('prompt', 'best tool for agencies ' || p, 'engine', e, 'cited', (p + d) % 3 = 0, 'checked_at', to_char($2::date + d, 'YYYY-MM-DD') || 'T00:00:00.000Z',
              'prompt_id', 'prm_bench' || lpad(p::text, 11, '0'), 'domain', 'acme.example', 'status', 'ok', 'cited_urls', '[]'::json, 'position', NULL, 'runs', 3,
              'cited_runs', (p + d) % 3, 'failed_runs', 0, 'retrieved', false, 'unresolved_citations', 0, 'model', NULL, 'check_id', 'chk_bench' || lpad(d::text, 11, '0'),
              'project_id', $3::text, 'mentioned', true, 'mentioned_runs', 1, 'visible_runs', 2, 'search_queries', '[]'::json, 'competitors', '[]'::json, 'surface', 'api')
     FROM generate_series(0, $4::int - 1) d, generate_series(0, $5::int - 1) p, unnest(${engines}) e`,
    [ACCOUNT, FIRST_DAY, PROJECT_ID, days, prompts],
  );
  const scale = prompts / 500;
  // A day row per engine, its five competitors' visible runs folded in (migration 11).
  await q(
    `INSERT INTO citation_rollup_days
     SELECT $1, $2::date + d, e, $3 * 3, ($3 * 3 * (0.35 + 0.1 * random()))::int, ($3 * 3 * 0.3)::int, ($3 * 3 * 0.2)::int, ($3 * 3 * 0.2 * 2.5)::int, ($3 * 3 * 0.2)::int,
            (SELECT jsonb_object_agg(c, ($3 * 3 * (0.2 + 0.05 * random()) + 0 * d)::int) FROM unnest($5::text[]) c)
     FROM generate_series(0, $4::int - 1) d, unnest(${engines}) e`,
    [PROJECT_ID, FIRST_DAY, prompts, days, COMPETITORS],
  );
  // Day rows per engine: the prompts' own sites (most days) and popular sites (a long tail).
  const ownDomains = Math.round(1500 * scale);
  const ownPages = ownDomains * 2;
  // The day rows as the older rollups held them, then the running totals built from them as migration 10 converts a database.
  await q(`CREATE TEMP TABLE domain_days (scope text, engine text, grain "char", period date, domain text, citations int, runs int)`);
  await q(`CREATE TEMP TABLE url_days (scope text, engine text, domain text, grain "char", period date, url text, citations int)`);
  await q(
    `INSERT INTO domain_days
     SELECT $1, e, 'd', $2::date + d, 'site' || s || '.example', 2 + (s + d) % 4, 1 + (s + d) % 3 FROM generate_series(0, $3::int - 1) d, unnest(${engines}) e, generate_series(0, $4::int - 1) s WHERE (s * 7 + d * 3 + length(e)) % 10 < 9
     UNION ALL
     SELECT $1, e, 'd', $2::date + d, 'popular' || k || '.example', 1 + (100 - k) / 4, 1 + (100 - k) / 6 FROM generate_series(0, $3::int - 1) d, unnest(${engines}) e, generate_series(0, 99) k WHERE (k * 13 + d) % 100 > k`,
    [PROJECT_ID, FIRST_DAY, days, ownDomains],
  );
  await q(
    `INSERT INTO url_days
     SELECT $1, e, 'site' || (u / 2) || '.example', 'd', $2::date + d, 'https://site' || (u / 2) || '.example/' || CASE WHEN u % 2 = 0 THEN 'guide' ELSE 'pricing' END, 1 + (u + d) % 3
     FROM generate_series(0, $3::int - 1) d, unnest(${engines}) e, generate_series(0, $4::int - 1) u WHERE ((u / 2) * 7 + d * 3 + length(e)) % 10 < 9
     UNION ALL
     SELECT $1, e, 'popular' || k || '.example', 'd', $2::date + d, 'https://popular' || k || '.example/best-' || (d % 40), 1 + (100 - k) / 4
     FROM generate_series(0, $3::int - 1) d, unnest(${engines}) e, generate_series(0, 99) k WHERE (k * 13 + d) % 100 > k`,
    [PROJECT_ID, FIRST_DAY, days, ownPages],
  );
  await q(
    `INSERT INTO domain_days SELECT scope, '*', 'd', period, domain, sum(citations), sum(runs) FROM domain_days GROUP BY scope, period, domain`,
  );
  await q(
    `INSERT INTO url_days SELECT scope, '*', domain, 'd', period, url, sum(citations) FROM url_days GROUP BY scope, domain, period, url`,
  );
  await q('ANALYZE domain_days');
  await q('ANALYZE url_days');
  await q(sourceYearsFrom('domain_days', 'url_days'));
  await q('VACUUM ANALYZE');
}
