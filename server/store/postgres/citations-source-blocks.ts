/**
 * The sources of citation intelligence on PostgreSQL as running totals over blocks of two calendar years
 * (migrations/0012-source-blocks.ts, ../rollup/year-slots.ts). A write adds each tally's amounts to every slot from its day
 * to the end of both blocks holding that day; a read takes, per block, the total at the window's last slot
 * minus the total before its first. Any window of up to two calendar years (every dashboard window) reads
 * one row per key: ranking a year's 1,600 domains reads 1,600 rows.
 */
import type pg from 'pg';
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { RowTally } from '../rollup/row-tally.js';
import { compareSources, TOP_URLS, type SourceTally } from '../rollup/source-tally.js';
import type { DayWindow } from '../rollup/days.js';
import { accumulate, BLOCK_SLOTS, blockSpans, blocksOf } from '../rollup/year-slots.js';
import { inKeyOrder } from './infra/key-order.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

interface Pending<K> {
  key: K;
  /** Slot (1-based) → the amounts added there, one per series. An append fills one slot. */
  bySlot: Map<number, number[]>;
}

function addAt<K>(map: Map<string, Pending<K>>, id: string, key: K, slot: number, amounts: number[]): void {
  let entry = map.get(id);
  if (!entry) map.set(id, (entry = { key, bySlot: new Map() }));
  const at = entry.bySlot.get(slot);
  if (!at) entry.bySlot.set(slot, [...amounts]);
  else amounts.forEach((amount, i) => (at[i]! += amount));
}

/**
 * What each key's running totals gain, as SQL over the unnested keys `k` and the parameters from `first`.
 * A key whose amounts all fall on one day (every append: one row is one day) gains a step: nothing before
 * that slot, the amount from it on, built in SQL from (slot, amount). Otherwise each key sends its 732
 * gains (imports and deletions that span days): one int[] of all keys end to end, sliced per key.
 */
function gains(
  rows: ReadonlyArray<Pending<unknown>>,
  seriesCount: number,
  first: number,
): { step: boolean; columns: string[]; values: unknown[]; sql: string[] } {
  if (rows.every((r) => r.bySlot.size === 1)) {
    const only = rows.map((r) => [...r.bySlot][0]!);
    return {
      step: true,
      columns: ['slot', ...Array.from({ length: seriesCount }, (_, i) => `a${i}`)],
      values: [only.map(([slot]) => slot), ...Array.from({ length: seriesCount }, (_, i) => only.map(([, amounts]) => amounts[i]!))],
      sql: Array.from(
        { length: seriesCount },
        (_, i) => `array_fill(0, ARRAY[k.slot - 1]) || array_fill(k.a${i}, ARRAY[${BLOCK_SLOTS + 1} - k.slot])`,
      ),
    };
  }
  const flat = (i: number) => {
    const out = new Array<number>(rows.length * BLOCK_SLOTS);
    rows.forEach((r, n) => {
      const deltas = new Int32Array(BLOCK_SLOTS);
      for (const [slot, amounts] of r.bySlot) deltas[slot - 1] = amounts[i]!;
      accumulate(deltas).forEach((v, j) => (out[n * BLOCK_SLOTS + j] = v));
    });
    return out;
  };
  return {
    step: false,
    columns: [],
    values: Array.from({ length: seriesCount }, (_, i) => flat(i)),
    sql: Array.from({ length: seriesCount }, (_, i) => `($${first + i}::int[])[(k.n - 1) * ${BLOCK_SLOTS} + 1 : k.n * ${BLOCK_SLOTS}]`),
  };
}

/**
 * A stored row's totals plus the gains proposed for it (EXCLUDED), elementwise. unnest reads an array out in
 * storage order and ARRAY(subquery) keeps the order rows come in, so no ordinality and sort are needed
 * (measured per 732-slot row: 150 µs, against 260 µs with array_agg ... ORDER BY). A step (zeros, then its
 * amount from its slot on) adds the amount to the tail only, from the slot array_position finds (the first
 * slot holding the amount; an amount of zero finds slot 1 and adds nothing): 60 µs.
 */
function added(column: string, step: boolean): string {
  const [stored, gain] = [`r.${column}`, `EXCLUDED.${column}`];
  if (!step) return `ARRAY(SELECT a + b FROM unnest(${stored}, ${gain}) AS x(a, b))`;
  const amount = `${gain}[${BLOCK_SLOTS}]`;
  const slot = `array_position(${gain}, ${amount})`;
  return `${stored}[1:${slot} - 1] || ARRAY(SELECT v + ${amount} FROM unnest(${stored}[${slot}:]) AS v)`;
}

/**
 * One upsert of running totals into `table`: its key columns ([name, SQL type]) from unnested arrays, the
 * series' gains added elementwise on conflict.
 */
async function upsertTotals(
  db: Queryable,
  table: string,
  keys: ReadonlyArray<[string, string]>,
  conflict: string,
  series: readonly string[],
  rows: ReadonlyArray<Pending<unknown[]>>,
): Promise<void> {
  if (rows.length === 0) return;
  const g = gains(rows, series.length, keys.length + 1);
  const names = keys.map(([name]) => name);
  const arrays = [...keys.map(([, type], i) => `$${i + 1}::${type}[]`), ...g.columns.map((_, i) => `$${keys.length + 1 + i}::int[]`)];
  await db.query(
    `INSERT INTO ${table} AS r (${[...names, ...series].join(', ')})
     SELECT ${names.map((n) => `k.${n}`).join(', ')}, ${g.sql.join(', ')}
     FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS k(${[...names, ...g.columns].join(', ')}, n)
     ON CONFLICT (${conflict}) DO UPDATE SET ${series.map((c) => `${c} = ${added(c, g.step)}`).join(', ')}`,
    [...names.map((_, i) => rows.map((r) => r.key[i])), ...g.values],
  );
}

/** Adds (sign 1) or takes away (sign -1) the sources of these tallies, under their engine and under '*'. */
export async function writeSourceBlocks(db: Queryable, tallies: readonly RowTally[], sign: 1 | -1): Promise<void> {
  const domains = new Map<string, Pending<[string, string, number, string]>>();
  const urls = new Map<string, Pending<[string, string, string, number, string]>>();
  for (const t of tallies) {
    for (const { block, slot } of blocksOf(t.day)) {
      for (const engine of [t.engine, '*']) {
        for (const [domain, citations, runs] of t.domains) {
          addAt(domains, `${t.scope}|${engine}|${block}|${domain}`, [t.scope, engine, block, domain], slot, [
            citations * sign,
            runs * sign,
          ]);
        }
        for (const [url, domain, citations] of t.urls) {
          addAt(urls, `${t.scope}|${engine}|${domain}|${block}|${url}`, [t.scope, engine, domain, block, url], slot, [citations * sign]);
        }
      }
    }
  }
  const text = (name: string): [string, string] => [name, 'text'];
  await upsertTotals(
    db,
    'citation_source_domain_blocks',
    [text('scope'), text('engine'), ['block', 'int'], text('domain')],
    'scope, engine, block, domain',
    ['citations', 'runs'],
    inKeyOrder(domains),
  );
  await upsertTotals(
    db,
    'citation_source_url_blocks',
    [text('scope'), text('engine'), text('domain'), ['block', 'int'], text('url')],
    'scope, engine, domain, block, url_key',
    ['citations'],
    inKeyOrder(urls),
  );
}

/**
 * A row's total over the window, as SQL: one CASE arm per block the window reads (the total at the span's
 * last slot minus the total before its first). The spans are integers computed here, written into the SQL
 * as literals; evaluating on the scanned row itself avoids joining (and copying) wide rows.
 */
function gainOver(window: DayWindow, column: string): { blocks: number[]; sql: string } {
  const spans = blockSpans(window);
  const arms = spans.map((s) => `WHEN ${s.block} THEN t.${column}[${s.to}]${s.from > 1 ? ` - t.${column}[${s.from - 1}]` : ''}`);
  return { blocks: spans.map((s) => s.block), sql: `(CASE t.block ${arms.join(' ')} END)` };
}

/**
 * `SELECT key, citations[, runs]` over the window, citations above zero: each row's own totals when every
 * key has one row (`oneRowEach`: one scope, one block), else summed per key. `totals[0]` is the citations.
 * The sums read each row's totals in a subquery first (OFFSET 0 keeps it apart): grouping the rows
 * themselves had PostgreSQL sort them, arrays and all (3 to 6 KB each), to group a few dozen keys.
 */
function windowTotals(oneRowEach: boolean, key: string, totals: readonly string[], from: string, where: string): string {
  const [citations] = totals;
  const names = ['citations', 'runs'];
  if (oneRowEach)
    return `SELECT t.${key}, ${totals.map((t, i) => `${t} AS ${names[i]}`).join(', ')} FROM ${from} WHERE ${where} AND ${citations} > 0`;
  return `SELECT ${key}, ${totals.map((_, i) => `sum(x${i})::int AS ${names[i]}`).join(', ')}
     FROM (SELECT t.${key}, ${totals.map((t, i) => `${t} AS x${i}`).join(', ')} FROM ${from} WHERE ${where} OFFSET 0) AS per_row
     GROUP BY ${key} HAVING sum(x0) > 0`;
}

export async function readSourceTallies(
  db: Queryable,
  scopes: readonly string[],
  window: DayWindow,
  engine: CitationEngineId | undefined,
  limit: number,
): Promise<SourceTally[]> {
  const citations = gainOver(window, 'citations');
  const runs = gainOver(window, 'runs');
  // One row per domain (and per URL) when the window reads one scope's one block: no sums to gather.
  const oneRowEach = scopes.length === 1 && citations.blocks.length === 1;
  const top = await db.query<{ domain: string; citations: number; runs: number }>(
    `${windowTotals(oneRowEach, 'domain', [citations.sql, runs.sql], 'citation_source_domain_blocks t', 't.scope = ANY($1::text[]) AND t.engine = $2 AND t.block = ANY($3::smallint[])')}
     ORDER BY 2 DESC, 1 LIMIT $4`,
    [[...scopes], engine ?? '*', citations.blocks, limit],
  );
  if (top.rows.length === 0) return [];
  const domains = top.rows.map((r) => r.domain);
  // Per top domain, in one statement: the engines that cited it (none to ask when filtered to one engine:
  // each listed domain was cited by it) and its best URLs, each a few dozen rows of its own.
  const { rows: details } = await db.query<{
    domain: string;
    engines: string[] | null;
    top_urls: Array<{ url: string; citations: number }> | null;
  }>(
    `SELECT d.domain,
       ${
         engine !== undefined
           ? 'NULL::json'
           : `(SELECT json_agg(e.engine) FROM (
                ${windowTotals(oneRowEach, 'engine', [citations.sql], 'citation_source_domain_blocks t', "t.scope = ANY($1::text[]) AND t.domain = d.domain AND t.block = ANY($4::smallint[]) AND t.engine <> '*'")}
              ) e)`
       } AS engines,
       (SELECT json_agg(json_build_object('url', u.url, 'citations', u.citations)) FROM (
         ${windowTotals(oneRowEach, 'url', [citations.sql], 'citation_source_url_blocks t', 't.scope = ANY($1::text[]) AND t.engine = $2 AND t.domain = d.domain AND t.block = ANY($4::smallint[])')}
         ORDER BY 2 DESC, 1 LIMIT ${TOP_URLS}
       ) u) AS top_urls
     FROM unnest($3::text[]) AS d(domain)`,
    [[...scopes], engine ?? '*', domains, citations.blocks],
  );
  const detailOf = new Map(details.map((d) => [d.domain, d]));
  return top.rows
    .map((r) => ({
      domain: r.domain,
      citations: r.citations,
      runs: r.runs,
      engines: engine !== undefined ? [engine] : CITATION_ENGINE_IDS.filter((id) => detailOf.get(r.domain)?.engines?.includes(id) ?? false),
      top_urls: (detailOf.get(r.domain)?.top_urls ?? []).sort((a, b) => b.citations - a.citations || (a.url < b.url ? -1 : 1)),
    }))
    .sort(compareSources);
}
