/**
 * The rollup migrations of citation intelligence on an older database: 10 turns the day rows of
 * citation_rollup_domains and citation_rollup_urls into running totals per year, and 12 those into blocks
 * of two years (GET /citations/sources answers exactly as before, over windows that cross new years, span
 * three calendar years and hold a leap day); 11 folds the competitor rows into the day rows (GET
 * /citations/summary reads the same figures).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/store/postgres/infra/migrate.js';
import { MIGRATIONS } from '../../server/store/postgres/migrations/index.js';
import { createPool } from '../../server/store/postgres/infra/pool.js';
import { readDayTallies, readSourceTallies } from '../../server/store/postgres/citations-rollups.js';
import { daysOf } from '../../server/store/rollup/days.js';
import { servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';

const SCOPE = 'prj_MIGRATEDYEARS01';
const ENGINES = ['chatgpt', 'claude'] as const;
const DOMAINS = ['acme.com', 'g2.com', 'reddit.com'];

/** Deterministic day amounts: [day, engine, domain, url, citations, runs]. */
function dayRows(): Array<[string, string, string, string, number, number]> {
  const days = [...daysOf({ since: '2023-12-20', until: '2024-03-05' }), '2024-12-31', '2025-01-01'];
  const out: Array<[string, string, string, string, number, number]> = [];
  days.forEach((day, d) =>
    ENGINES.forEach((engine, e) =>
      DOMAINS.forEach((domain, k) => {
        if ((d + e + k) % 3 === 0) return; // not every domain every day
        out.push([day, engine, domain, `https://${domain}/${(d + k) % 4}`, 1 + ((d * 7 + k) % 5), 1 + ((d + e) % 2)]);
      }),
    ),
  );
  return out;
}

describe.runIf(servicesAvailable('postgres'))('PostgreSQL rollup migrations 10, 11 and 12', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());

  it('10 then 12: converts the day rows of an older database to years, then years to two-year blocks; every window answers as the day rows summed', async () => {
    const pool = createPool(await server.createDatabase(), { max: 2 });
    try {
      await migrate(
        pool,
        MIGRATIONS.filter((m) => m.version < 10),
      );
      const rows = dayRows();
      // As the older applyTallies wrote them: each engine and '*', day rows and month rows.
      for (const engine of [...ENGINES, '*']) {
        const mine = rows.filter((r) => engine === '*' || r[1] === engine);
        for (const grain of ['d', 'm']) {
          const period = (day: string) => (grain === 'd' ? day : `${day.slice(0, 8)}01`);
          const domains = new Map<string, [string, string, number, number]>();
          const urls = new Map<string, [string, string, string, number]>();
          for (const [day, , domain, url, citations, runs] of mine) {
            const dk = `${period(day)}|${domain}`;
            const dv = domains.get(dk) ?? [period(day), domain, 0, 0];
            domains.set(dk, [dv[0], dv[1], dv[2] + citations, dv[3] + runs]);
            const uk = `${period(day)}|${url}`;
            const uv = urls.get(uk) ?? [period(day), domain, url, 0];
            urls.set(uk, [uv[0], uv[1], uv[2], uv[3] + citations]);
          }
          for (const [p, domain, citations, runs] of domains.values()) {
            await pool.query('INSERT INTO citation_rollup_domains VALUES ($1, $2, $3, $4, $5, $6, $7)', [
              SCOPE,
              engine,
              grain,
              p,
              domain,
              citations,
              runs,
            ]);
          }
          for (const [p, domain, url, citations] of urls.values()) {
            await pool.query('INSERT INTO citation_rollup_urls VALUES ($1, $2, $3, $4, $5, $6, $7)', [
              SCOPE,
              engine,
              domain,
              grain,
              p,
              url,
              citations,
            ]);
          }
        }
      }
      expect(
        await migrate(
          pool,
          MIGRATIONS.filter((m) => m.version <= 10),
        ),
      ).toEqual([10]);
      const left = await pool.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('citation_rollup_domains', 'citation_rollup_urls')",
      );
      expect(left.rows[0].n).toBe(0);
      const years = await pool.query<{ year: number; n: number }>(
        'SELECT year, count(*)::int AS n FROM citation_source_urls GROUP BY year ORDER BY year',
      );
      expect(years.rows.map((r) => r.year)).toEqual([2023, 2024, 2025]);
      // Up to 12 only: the migrations after it are not about citation sources.
      expect(
        await migrate(
          pool,
          MIGRATIONS.filter((m) => m.version <= 12),
        ),
      ).toEqual([11, 12]);
      const yearTables = await pool.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('citation_source_domains', 'citation_source_urls')",
      );
      expect(yearTables.rows[0].n).toBe(0);
      // Every key has the block of each year it has a row in and of the year before (a later write adds to both).
      const blocks = await pool.query<{ block: number }>('SELECT DISTINCT block FROM citation_source_url_blocks ORDER BY block');
      expect(blocks.rows.map((r) => r.block)).toEqual([2022, 2023, 2024, 2025]);

      const windows: Array<[string, string]> = [
        ['2023-12-20', '2025-01-01'],
        ['2023-12-31', '2024-01-01'],
        ['2024-02-29', '2024-02-29'],
        ['2024-02-01', '2024-02-29'],
        ['2024-01-15', '2024-03-05'],
        ['2024-12-31', '2025-01-01'],
        ['2025-01-01', '2025-06-30'],
        ['2023-12-25', '2023-12-31'],
        ['2023-12-31', '2025-01-01'],
        ['2024-01-01', '2025-12-31'],
        ['2022-06-01', '2024-02-29'],
      ];
      for (const [since, until] of windows) {
        for (const engine of [undefined, 'claude'] as const) {
          const inWindow = rows.filter(([day, e]) => day >= since && day <= until && (engine === undefined || e === engine));
          const expected = DOMAINS.map((domain) => {
            const mine = inWindow.filter((r) => r[2] === domain);
            const urlTotals = new Map<string, number>();
            for (const r of mine) urlTotals.set(r[3], (urlTotals.get(r[3]) ?? 0) + r[4]);
            return {
              domain,
              citations: mine.reduce((s, r) => s + r[4], 0),
              runs: mine.reduce((s, r) => s + r[5], 0),
              engines: ENGINES.filter((e) => (engine === undefined || e === engine) && mine.some((r) => r[1] === e)),
              top_urls: [...urlTotals]
                .map(([url, citations]) => ({ url, citations }))
                .sort((a, b) => b.citations - a.citations || (a.url < b.url ? -1 : 1))
                .slice(0, 5),
            };
          })
            .filter((s) => s.citations > 0)
            .sort((a, b) => b.citations - a.citations || (a.domain < b.domain ? -1 : 1));
          expect(await readSourceTallies(pool, [SCOPE], { since, until }, engine, 10), `${since}..${until} ${engine ?? 'all'}`).toEqual(
            expected,
          );
        }
      }
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('11: the competitors of each day and engine move into its row, a competitor row without a day row included', async () => {
    const pool = createPool(await server.createDatabase(), { max: 2 });
    try {
      await migrate(
        pool,
        MIGRATIONS.filter((m) => m.version < 11),
      );
      await pool.query(
        `INSERT INTO citation_rollup_days VALUES ($1, '2026-03-01', 'chatgpt', 6, 4, 3, 2, 3, 2), ($1, '2026-03-02', 'chatgpt', 3, 1, 1, 0, 0, 0)`,
        [SCOPE],
      );
      await pool.query(
        `INSERT INTO citation_rollup_competitors VALUES ($1, '2026-03-01', 'chatgpt', 'Globex', 2), ($1, '2026-03-01', 'chatgpt', 'Initech', 5), ($1, '2026-03-03', 'claude', 'Globex', 1)`,
        [SCOPE],
      );
      expect(
        await migrate(
          pool,
          MIGRATIONS.filter((m) => m.version <= 11),
        ),
      ).toEqual([11]);
      const tallies = await readDayTallies(pool, [SCOPE], { since: '2026-03-01', until: '2026-03-31' });
      expect(tallies.sort((a, b) => (a.day < b.day ? -1 : 1))).toEqual([
        {
          day: '2026-03-01',
          engine: 'chatgpt',
          runs: 6,
          visible: 4,
          mentioned: 3,
          cited: 2,
          position_sum: 3,
          position_count: 2,
          competitors: { Globex: 2, Initech: 5 },
        },
        {
          day: '2026-03-02',
          engine: 'chatgpt',
          runs: 3,
          visible: 1,
          mentioned: 1,
          cited: 0,
          position_sum: 0,
          position_count: 0,
          competitors: {},
        },
        {
          day: '2026-03-03',
          engine: 'claude',
          runs: 0,
          visible: 0,
          mentioned: 0,
          cited: 0,
          position_sum: 0,
          position_count: 0,
          competitors: { Globex: 1 },
        },
      ]);
      const left = await pool.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'citation_rollup_competitors'",
      );
      expect(left.rows[0].n).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
