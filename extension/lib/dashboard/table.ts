/**
 * Sorting, filtering, paging and CSV export of the dashboard's tables: pure, so the same code runs in the
 * page and in the benchmark (10,000 rows sorted or filtered within 100 ms). Sort keys and filter text are
 * computed once per row object and kept while it lives (WeakMaps keyed by the row), so typing in the
 * filter or switching the sort never reads a row's fields again. Rows are objects.
 */
import { toCsv, type CsvValue } from '../../../shared/csv/csv.js';

export type SortKey = number | string | null;

/** A column of a table: what it shows, how it sorts, what a filter finds in it and what CSV gets. */
export interface Column<T> {
  id: string;
  label: string;
  /** The value the column sorts by; null sorts last whatever the direction. None: the column does not sort. */
  sort?: (row: T) => SortKey;
  /** Its value in the CSV file (and, when `text` is absent, what the filter searches). */
  csv: (row: T) => CsvValue;
  /** The text the filter searches; defaults to the CSV value. `false`: not searched. */
  text?: ((row: T) => string) | false;
  /** Right-aligned figures. */
  num?: boolean;
  /** `false`: left out of the CSV file (a column of buttons). */
  export?: false;
}

export type Direction = 'asc' | 'desc';
export interface Sort {
  column: string;
  direction: Direction;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Rows sorted by a column (stable: equal keys keep their order); unknown or unsortable column: unchanged. */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: Sort | null): readonly T[] {
  const column = sort && columns.find((c) => c.id === sort.column);
  if (!sort || !column?.sort) return rows;
  const keys = keysOf(rows, column);
  const order = rows.map((_, i) => i);
  const sign = sort.direction === 'asc' ? 1 : -1;
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka === null || kb === null) return ka === kb ? a - b : ka === null ? 1 : -1;
    const c = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : collator.compare(String(ka), String(kb));
    return c === 0 ? a - b : sign * c;
  });
  return order.map((i) => rows[i]!);
}

/** The rows whose searchable text holds every word of `query` (case- and accent-insensitive). */
export function filterRows<T>(rows: readonly T[], columns: readonly Column<T>[], query: string): readonly T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  const texts = textsOf(rows, columns);
  return rows.filter((_, i) => words.every((w) => texts[i]!.includes(w)));
}

/** One page of rows (1-based page, clamped to the last). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: readonly T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pages };
}

/** The rows as a CSV file with the columns' labels as its header row. */
export function tableCsv<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  return toCsv(
    columns.filter((c) => c.export !== false).map((c) => ({ header: c.label, value: c.csv })),
    rows,
  );
}

/** The next sort when a column's header is pressed: ascending first (descending for figures), then the other way. */
export function nextSort(current: Sort | null, column: { id: string; num?: boolean | undefined }): Sort {
  if (current?.column === column.id) return { column: column.id, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column: column.id, direction: column.num ? 'desc' : 'asc' };
}

// Per row object, so every array made from the same rows (filtered, sorted, a new page) reuses them.
const keyCache = new WeakMap<Column<never>, WeakMap<object, SortKey>>();
const textCache = new WeakMap<readonly Column<never>[], WeakMap<object, string>>();

function keysOf<T>(rows: readonly T[], column: Column<T>): SortKey[] {
  let cache = keyCache.get(column as Column<never>);
  if (!cache) keyCache.set(column as Column<never>, (cache = new WeakMap()));
  const known = cache;
  return rows.map((r) => {
    const hit = known.get(r as object);
    if (hit !== undefined) return hit;
    const k = column.sort!(r);
    const key = typeof k === 'string' ? k : k === null || Number.isNaN(k) ? null : k;
    known.set(r as object, key);
    return key;
  });
}

function textsOf<T>(rows: readonly T[], columns: readonly Column<T>[]): string[] {
  let cache = textCache.get(columns as readonly Column<never>[]);
  if (!cache) textCache.set(columns as readonly Column<never>[], (cache = new WeakMap()));
  const known = cache;
  const searched = columns.filter((c) => c.text !== false);
  return rows.map((r) => {
    let text = known.get(r as object);
    if (text === undefined) {
      text = fold(searched.map((c) => (c.text ? c.text(r) : String(c.csv(r) ?? ''))).join('\u0000'));
      known.set(r as object, text);
    }
    return text;
  });
}

/** Lower case without accents: "Café" and "cafe" match. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
