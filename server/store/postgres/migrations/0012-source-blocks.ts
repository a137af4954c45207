/**
 * Sources as running totals over blocks of two calendar years, one migration in MIGRATIONS
 * (./index.ts). With a row per calendar year (migration 10), a window that crossed a new year (the
 * last 365 days, every day of January's "last 30 days") read and summed two rows per domain and page, and
 * those requests took twice as long as the others: they made GET /citations/sources' p99. Now block B
 * holds B's days in slots 1..366 and B+1's in slots 367..732, each the total since 1 January of B; every
 * day is written into two blocks (its year's and the year before's), and any window of up to two calendar
 * years is one span of one row (../../rollup/year-slots.ts). The price is twice the rows and twice the writes.
 * The year rows are converted (sourceBlocksFrom) and dropped.
 */
import { YEAR_SLOTS } from '../../rollup/year-slots.js';
import type { Migration } from './migration.js';

/**
 * One INSERT building block rows from year rows: each key's block B is B's row, then B+1's row raised by B's
 * year total (a missing year is zeros, or B's total held flat). Blocks are made for every year a key has a
 * row and the year before, so a write never lacks the row it adds to.
 */
function blocksFrom(years: string, blocks: string, key: readonly string[], carried: readonly string[], amounts: readonly string[]): string {
  const stored = key.filter((k) => k !== 'url_key');
  const same = (t: string) => key.map((k) => `${t}.${k} = b.${k}`).join(' AND ');
  const block = (a: string) => `
      coalesce(f.${a}, array_fill(0, ARRAY[${YEAR_SLOTS}]))
      || CASE WHEN n.${a} IS NULL THEN array_fill(coalesce(f.${a}[${YEAR_SLOTS}], 0), ARRAY[${YEAR_SLOTS}])
         ELSE (SELECT array_agg(x + coalesce(f.${a}[${YEAR_SLOTS}], 0) ORDER BY i) FROM unnest(n.${a}) WITH ORDINALITY AS u(x, i)) END`;
  return `
    INSERT INTO ${blocks} (${[...stored, ...carried, 'block', ...amounts].join(', ')})
    SELECT ${[...stored.map((k) => `b.${k}`), ...carried.map((c) => `coalesce(f.${c}, n.${c})`), 'b.block', ...amounts.map(block)].join(', ')}
    FROM (SELECT DISTINCT ${key.join(', ')}, y.block FROM ${years}, LATERAL (VALUES (year::int), (year::int - 1)) AS y(block)) b
    LEFT JOIN ${years} f ON ${same('f')} AND f.year = b.block
    LEFT JOIN ${years} n ON ${same('n')} AND n.year = b.block + 1;
  `;
}

/** The INSERTs that build the block tables from year tables shaped as migration 10 made them. */
function sourceBlocksFrom(domainYears: string, urlYears: string): string {
  return (
    blocksFrom(domainYears, 'citation_source_domain_blocks', ['scope', 'engine', 'domain'], [], ['citations', 'runs']) +
    blocksFrom(urlYears, 'citation_source_url_blocks', ['scope', 'engine', 'domain', 'url_key'], ['url'], ['citations'])
  );
}

export const migration: Migration = {
  version: 12,
  name: 'citation sources as running totals over two-year blocks',
  sql: `
    CREATE TABLE citation_source_domain_blocks (
      scope text COLLATE "C" NOT NULL,
      engine text COLLATE "C" NOT NULL,
      block smallint NOT NULL,
      domain text COLLATE "C" NOT NULL,
      citations integer[] NOT NULL,
      runs integer[] NOT NULL,
      PRIMARY KEY (scope, engine, block, domain)
    ) WITH (toast_tuple_target = 8160);
    -- The arrays are never compressed or moved out of line: a read is a subscript. A row (about 6 KB) is past
    -- the 2 KB at which PostgreSQL otherwise starts moving the other columns out of line, so that a read of a
    -- domain or URL would be a TOAST lookup: the target above leaves a row whole unless it outgrows a page.
    ALTER TABLE citation_source_domain_blocks ALTER COLUMN citations SET STORAGE PLAIN, ALTER COLUMN runs SET STORAGE PLAIN;
    -- The engines that cited each of the top domains: one short range per domain.
    CREATE INDEX citation_source_domain_blocks_by_domain ON citation_source_domain_blocks (scope, domain, block);

    CREATE TABLE citation_source_url_blocks (
      scope text COLLATE "C" NOT NULL,
      engine text COLLATE "C" NOT NULL,
      domain text COLLATE "C" NOT NULL,
      block smallint NOT NULL,
      url text COLLATE "C" NOT NULL,
      -- An index entry holds at most about 2,700 bytes and an answer engine may cite a longer URL: the key is its digest.
      url_key bytea GENERATED ALWAYS AS (sha256(url::bytea)) STORED,
      citations integer[] NOT NULL,
      PRIMARY KEY (scope, engine, domain, block, url_key)
    ) WITH (toast_tuple_target = 8160);
    ALTER TABLE citation_source_url_blocks ALTER COLUMN citations SET STORAGE PLAIN;

    ${sourceBlocksFrom('citation_source_domains', 'citation_source_urls')}

    DROP TABLE citation_source_domains;
    DROP TABLE citation_source_urls;
    ANALYZE citation_source_domain_blocks;
    ANALYZE citation_source_url_blocks;
  `,
};
