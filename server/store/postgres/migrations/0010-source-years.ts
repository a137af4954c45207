/**
 * Sources as running totals (GET /citations/sources at a year of data), one migration in MIGRATIONS
 * (./index.ts). Summing a window from day and month rows read about 66,000 rows per request for the
 * top domains of a year (1,600 domains × 41 periods), so PostgreSQL answered 25 requests a second. Now each
 * (scope, engine, year, domain) and (scope, engine, domain, year, url) is one row holding running totals:
 * slot i (1..366) is the total from 1 January through day i of that year. A window's sum is two reads of
 * the array per calendar year it touches (total at its last day minus total the day before its first), so a
 * year's ranking reads one or two rows per domain. The arrays are stored PLAIN (never compressed or moved
 * out of line; a domain row is about 3 KB) so a read is a subscript, not a decompression. A URL row is keyed
 * by the URL's SHA-256 (a cited URL can be longer than an index entry may be, and a digest nobody can make
 * collide keeps two URLs apart; the URL itself is a plain column).
 * The day and month rows are converted (sourceYearsFrom) and dropped.
 */
import { YEAR_SLOTS } from '../../rollup/year-slots.js';
import type { Migration } from './migration.js';

/**
 * One INSERT that builds running-total rows from day rows: the day amounts per key and slot, their running
 * sums at the days that have any (a window function), then each of those spread over the slots up to the
 * next such day, after zeros for the slots before the first. Linear in the day rows: no key is joined
 * against the slots of another.
 */
function runningTotals(source: string, target: string, key: string[], amounts: string[]): string {
  const keyList = key.join(', ');
  const year = 'extract(year FROM period)::int';
  const keyOf = (column: string) => (column === 'year' ? `${year} AS year` : column);
  const zeros = 'array_fill(0, ARRAY[min(slot) - 1])';
  return `
    INSERT INTO ${target} (${keyList}, ${amounts.join(', ')})
    SELECT ${keyList}, ${amounts.map((a) => `${zeros} || array_agg(${a}::int ORDER BY s)`).join(', ')}
    FROM (
      SELECT ${keyList}, slot, ${amounts.map((a) => `sum(${a}) OVER w AS ${a}`).join(', ')}, coalesce(lead(slot) OVER w, ${YEAR_SLOTS + 1}) AS next_slot
      FROM (
        SELECT ${key.map(keyOf).join(', ')}, period - make_date(${year}, 1, 1) + 1 AS slot, ${amounts.map((a) => `sum(${a}) AS ${a}`).join(', ')}
        FROM ${source} WHERE grain = 'd'
        GROUP BY ${key.map((k) => (k === 'year' ? year : k)).join(', ')}, period
      ) days
      WINDOW w AS (PARTITION BY ${keyList} ORDER BY slot)
    ) running
    CROSS JOIN LATERAL generate_series(slot, next_slot - 1) AS s
    GROUP BY ${keyList};
  `;
}

/** The INSERTs that build citation_source_domains and citation_source_urls from day rows shaped like the old rollups (grain 'd'). */
export function sourceYearsFrom(domainDays: string, urlDays: string): string {
  return (
    runningTotals(domainDays, 'citation_source_domains', ['scope', 'engine', 'year', 'domain'], ['citations', 'runs']) +
    runningTotals(urlDays, 'citation_source_urls', ['scope', 'engine', 'domain', 'year', 'url'], ['citations'])
  );
}

export const migration: Migration = {
  version: 10,
  name: 'citation sources as running totals per year',
  sql: `
    CREATE TABLE citation_source_domains (
      scope text COLLATE "C" NOT NULL,
      engine text COLLATE "C" NOT NULL,
      year smallint NOT NULL,
      domain text COLLATE "C" NOT NULL,
      citations integer[] NOT NULL,
      runs integer[] NOT NULL,
      PRIMARY KEY (scope, engine, year, domain)
    );
    ALTER TABLE citation_source_domains ALTER COLUMN citations SET STORAGE PLAIN, ALTER COLUMN runs SET STORAGE PLAIN;
    -- The engines that cited each of the top domains: one short range per domain, not one probe per engine and domain.
    CREATE INDEX citation_source_domains_by_domain ON citation_source_domains (scope, domain, year);

    CREATE TABLE citation_source_urls (
      scope text COLLATE "C" NOT NULL,
      engine text COLLATE "C" NOT NULL,
      domain text COLLATE "C" NOT NULL,
      year smallint NOT NULL,
      url text COLLATE "C" NOT NULL,
      -- An index entry holds at most about 2,700 bytes and an answer engine may cite a longer URL: the key is its digest.
      url_key bytea GENERATED ALWAYS AS (sha256(url::bytea)) STORED,
      citations integer[] NOT NULL,
      PRIMARY KEY (scope, engine, domain, year, url_key)
    );
    ALTER TABLE citation_source_urls ALTER COLUMN citations SET STORAGE PLAIN;

    ${sourceYearsFrom('citation_rollup_domains', 'citation_rollup_urls')}

    DROP TABLE citation_rollup_domains;
    DROP TABLE citation_rollup_urls;
    ANALYZE citation_source_domains;
    ANALYZE citation_source_urls;
  `,
};
