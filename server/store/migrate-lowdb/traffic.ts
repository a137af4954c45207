/**
 * AI crawler traffic of a lowdb data directory into PostgreSQL: the ingests (with their cursors), the daily
 * rollups and the fetched-page bitmaps, as the journal replays them (lowdb/traffic-state.ts). Days and pages are
 * keyed `project:date` and `project:year:path` for the comparison.
 */
import type { StoredIngest } from '../contracts/traffic.js';
import type { DayRollup } from '../rollup/traffic-days.js';
import type { EachCopy } from './copy-each.js';

function bitText(bits: Uint8Array): string {
  let s = '';
  for (let d = 0; d < 366; d++) s += bits[d >> 3]! & (1 << (d & 7)) ? '1' : '0';
  return s;
}

export function trafficIngestsCopy(ingests: readonly StoredIngest[]): EachCopy {
  const value = (i: StoredIngest) => ({ ...i, bytes: Number(i.bytes), lines: Number(i.lines), offset: Number(i.offset) });
  return {
    collection: 'traffic_ingests',
    records: ingests.map((i) => ({
      id: i.id,
      value: value(i),
      params: [
        i.id,
        i.account_id,
        i.project_id,
        i.sha256,
        i.status,
        i.bytes,
        i.lines,
        i.offset,
        JSON.stringify(i.problems),
        i.error,
        i.created_at,
        i.updated_at,
      ],
    })),
    insert: `INSERT INTO traffic_ingests (id, account_id, project_id, sha256, status, bytes, lines, byte_offset, problems, error, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
    select: `SELECT id, account_id, project_id, sha256, status, bytes, lines, byte_offset, problems, error, created_at, updated_at
               FROM traffic_ingests WHERE id = ANY($1)`,
    stored: ({ byte_offset, ...row }) => value({ ...(row as StoredIngest), offset: byte_offset as number }),
  };
}

export function trafficDaysCopy(days: ReadonlyMap<string, ReadonlyMap<string, DayRollup>>): EachCopy {
  const records: EachCopy['records'] = [];
  for (const [project, byDate] of days)
    for (const [date, rollup] of byDate)
      records.push({ id: `${project}:${date}`, value: rollup, params: [project, date, JSON.stringify(rollup)] });
  return {
    collection: 'traffic_days',
    records,
    insert: 'INSERT INTO traffic_days (project_id, day, rollup) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    select: `SELECT project_id || ':' || day AS id, rollup FROM traffic_days WHERE project_id || ':' || day = ANY($1)`,
    stored: (row) => row.rollup,
  };
}

export function trafficPagesCopy(pages: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<number, Uint8Array>>>): EachCopy {
  const records: EachCopy['records'] = [];
  for (const [project, byPath] of pages)
    for (const [path, years] of byPath)
      for (const [year, bits] of years) {
        const days = bitText(bits);
        records.push({ id: `${project}:${year}:${path}`, value: { path, days }, params: [project, year, path, days] });
      }
  return {
    collection: 'traffic_pages',
    records,
    insert:
      'INSERT INTO traffic_pages (project_id, path_key, year, path, days) VALUES ($1, md5($3), $2, $3, $4::bit(366)) ON CONFLICT DO NOTHING',
    select: `SELECT project_id || ':' || year || ':' || path AS id, path, days::text AS days FROM traffic_pages
               WHERE project_id || ':' || year || ':' || path = ANY($1)`,
    stored: (row) => ({ path: row.path, days: row.days }),
  };
}
