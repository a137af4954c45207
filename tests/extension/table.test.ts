import { describe, expect, it } from 'vitest';
import { filterRows, nextSort, pageOf, sortRows, tableCsv, type Column } from '../../extension/lib/dashboard/table.js';

interface Row {
  url: string;
  score: number | null;
  note: string;
}
const COLUMNS: readonly Column<Row>[] = [
  { id: 'url', label: 'Page', sort: (r) => r.url, csv: (r) => r.url },
  { id: 'score', label: 'Score', num: true, sort: (r) => r.score, csv: (r) => r.score },
  { id: 'note', label: 'Note', csv: (r) => r.note },
  { id: 'actions', label: 'Actions', csv: () => '', text: false, export: false },
];
const rows = (): Row[] => [
  { url: 'https://b.example/Café', score: 40, note: 'slow' },
  { url: 'https://a.example/page-10', score: null, note: '=cmd' },
  { url: 'https://a.example/page-9', score: 90, note: 'fine, mostly' },
  { url: 'https://c.example/', score: 40, note: 'Fine' },
];

describe('dashboard tables: sort, filter, page, CSV', () => {
  it('sorts by a column both ways, numbers as numbers and text naturally; no score sorts last either way; ties keep their order', () => {
    const r = rows();
    expect(sortRows(r, COLUMNS, { column: 'score', direction: 'asc' }).map((x) => x.score)).toEqual([40, 40, 90, null]);
    expect(sortRows(r, COLUMNS, { column: 'score', direction: 'desc' }).map((x) => x.score)).toEqual([90, 40, 40, null]);
    expect(sortRows(r, COLUMNS, { column: 'score', direction: 'asc' }).map((x) => x.url.slice(8, 9))).toEqual(['b', 'c', 'a', 'a']);
    expect(sortRows(r, COLUMNS, { column: 'url', direction: 'asc' }).map((x) => x.url)).toEqual([
      'https://a.example/page-9',
      'https://a.example/page-10',
      'https://b.example/Café',
      'https://c.example/',
    ]);
    expect(sortRows(r, COLUMNS, { column: 'note', direction: 'asc' })).toBe(r); // not sortable: unchanged
    expect(sortRows(r, COLUMNS, null)).toBe(r);
  });

  it('filters on every word, any case, accents folded, in searchable columns only', () => {
    const r = rows();
    expect(filterRows(r, COLUMNS, 'cafe').map((x) => x.score)).toEqual([40]);
    expect(filterRows(r, COLUMNS, 'FINE a.example').map((x) => x.url)).toEqual(['https://a.example/page-9']);
    expect(filterRows(r, COLUMNS, '  ')).toBe(r);
    expect(filterRows(r, COLUMNS, 'nothing-like-this')).toEqual([]);
  });

  it('pages rows, clamping the page asked for', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ url: `u${i}`, score: i, note: '' }));
    expect(pageOf(many, 1, 100)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(many, 3, 100).rows).toHaveLength(50);
    expect(pageOf(many, 9, 100).page).toBe(3);
    expect(pageOf([], 1, 100)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it('exports the rows given as CSV with the shown labels, without button columns, formulas neutralised', () => {
    const csv = tableCsv(rows().slice(1, 3), COLUMNS);
    expect(csv).toBe('Page,Score,Note\r\nhttps://a.example/page-10,,\'=cmd\r\nhttps://a.example/page-9,90,"fine, mostly"\r\n');
  });

  it('a header pressed sorts ascending (figures descending first), pressed again the other way', () => {
    expect(nextSort(null, { id: 'url' })).toEqual({ column: 'url', direction: 'asc' });
    expect(nextSort(null, { id: 'score', num: true })).toEqual({ column: 'score', direction: 'desc' });
    expect(nextSort({ column: 'url', direction: 'asc' }, { id: 'url' })).toEqual({ column: 'url', direction: 'desc' });
    expect(nextSort({ column: 'url', direction: 'desc' }, { id: 'score', num: true })).toEqual({ column: 'score', direction: 'desc' });
  });
});
