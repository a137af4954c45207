import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { filterRows, nextSort, pageOf, sortRows, tableCsv, type Column, type Sort } from '../../lib/dashboard/table.js';
import { saveFile } from '../../lib/export/save-file.js';
import { CSV_CONTENT_TYPE } from '../../../shared/csv/csv.js';
import { t, tp } from '../../lib/i18n/t.js';

/** A column as the table shows it: the pure column (sort, filter, CSV) and how its cell is drawn. */
export interface TableColumn<T> extends Column<T> {
  /** The cell's content; defaults to the CSV value as text. */
  cell?: (row: T) => ComponentChildren;
  /** Attributes of the cell (`data-col`, a class). */
  td?: (row: T) => Record<string, string>;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  /** Keep the array's identity between renders (module level or useMemo): the filter's text is cached per columns. */
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => string;
  /** What the table lists ("Audits"): its caption, and the name of the exported file. */
  label: string;
  exportName: string;
  rowProps?: (row: T) => Record<string, string | undefined>;
  tableClass?: string;
  initialSort?: Sort;
  pageSize?: number;
  /** The "Filter" box (default on); off where the view has filters of its own. */
  search?: boolean;
  /** More controls in the table's toolbar (a view's own filters). */
  tools?: ComponentChildren;
  /** What the CSV button saves, when the server has more than the rows shown (a crawl's pages). */
  exportCsv?: () => Promise<string | { error: string }>;
}

/**
 * Every collection of the dashboard as one kind of table: sorted by pressing a column's header (again
 * for the other direction), filtered as typed, paged (100 rows a page), and exported as CSV (the rows
 * filtered and sorted, every page of them, with the columns shown). The sort and the filter run in the
 * page on every row read.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns, label, pageSize = 100, search = true } = props;
  const [sort, setSort] = useState<Sort | null>(props.initialSort ?? null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const shown = useMemo(() => filterRows(sorted, columns, query), [sorted, columns, query]);
  const current = pageOf(shown, page, pageSize);
  useEffect(() => setPage(1), [query, sort]);

  return (
    <div class="data-table">
      <div class="table-tools">
        {search && (
          <label class="table-filter">
            {t('tableFilter')}
            <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} placeholder={t('tableFilterPlaceholder')} />
          </label>
        )}
        {props.tools}
        <p class="muted small table-count" role="status" data-testid="row-count">
          {shown.length === rows.length ? tp('tableRows', rows.length) : tp('tableRowsOf', rows.length, shown.length)}
        </p>
        <ExportButton {...props} rows={shown} />
      </div>
      <div class="table-wrap">
        <table class={`data ${props.tableClass ?? ''}`}>
          <caption class="sr-only">{label}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <HeaderCell key={c.id} column={c} sort={sort} onSort={() => setSort(nextSort(sort, c))} />
              ))}
            </tr>
          </thead>
          <tbody>
            {current.rows.map((row) => (
              <tr key={props.rowKey(row)} {...(props.rowProps?.(row) ?? {})}>
                {columns.map((c) => (
                  <td key={c.id} class={c.num ? 'num' : undefined} {...(c.td?.(row) ?? {})}>
                    {c.cell ? c.cell(row) : String(c.csv(row) ?? '')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current.pages > 1 && <Pager label={label} page={current.page} pages={current.pages} onPage={setPage} />}
    </div>
  );
}

/** A column's header: a button that sorts by it, and `aria-sort` saying how the table is sorted now. */
function HeaderCell<T>({ column, sort, onSort }: { column: TableColumn<T>; sort: Sort | null; onSort: () => void }) {
  const active = sort?.column === column.id ? sort.direction : null;
  const ariaSort = active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : column.sort ? 'none' : undefined;
  return (
    <th scope="col" class={column.num ? 'num' : undefined} aria-sort={ariaSort} data-col={column.id}>
      {column.sort ? (
        <button type="button" class="sort-button" onClick={onSort}>
          {column.label}
          <span class="sort-mark" aria-hidden="true">
            {active === 'asc' ? ' ▲' : active === 'desc' ? ' ▼' : ' ↕'}
          </span>
        </button>
      ) : (
        column.label
      )}
    </th>
  );
}

/** Previous and next page; they stay in place (marked unavailable at the ends) so focus never falls off them. */
function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  const go = (to: number) => to >= 1 && to <= pages && onPage(to);
  return (
    <nav class="pager" aria-label={t('tablePages', label)}>
      <button type="button" class="secondary small" aria-disabled={page === 1 ? 'true' : undefined} onClick={() => go(page - 1)}>
        {t('tablePrevious')}
      </button>
      <span class="small" aria-live="polite">
        {t('tablePageOf', page, pages)}
      </span>
      <button type="button" class="secondary small" aria-disabled={page === pages ? 'true' : undefined} onClick={() => go(page + 1)}>
        {t('tableNext')}
      </button>
    </nav>
  );
}

/** "Export CSV": the rows shown (filtered and sorted, every page), or what the view's own export gives. */
function ExportButton<T>({ rows, columns, exportName, exportCsv }: DataTableProps<T>) {
  const [state, setState] = useState<'' | 'busy' | { error: string }>('');
  const save = async () => {
    setState('busy');
    const text = exportCsv ? await exportCsv() : tableCsv(rows, columns);
    if (typeof text !== 'string') return setState(text);
    saveFile(`citable-${exportName}-${new Date().toISOString().slice(0, 10)}.csv`, CSV_CONTENT_TYPE, text);
    setState('');
  };
  return (
    <>
      <button
        type="button"
        class="secondary small"
        onClick={() => void save()}
        aria-disabled={state === 'busy' ? 'true' : undefined}
        data-action="export-csv"
      >
        {t('tableExportCsv')}
      </button>
      {typeof state === 'object' && (
        <span class="error small" role="alert">
          {state.error}
        </span>
      )}
    </>
  );
}
