import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ApiClient } from '../../lib/api/client.js';
import type { AuditSummary } from '../../lib/api/types.js';
import { filterAudits, filterProblem, hasFilters, NO_FILTERS, type AuditFilters } from '../../lib/dashboard/filter-audits.js';
import { loadPages } from '../../lib/dashboard/load-pages.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { ScorePill } from './ScorePill.js';
import { builtWith } from '../../../shared/report/wording.js';
import { Empty, ErrorState, Loading } from './states.js';

/** Most audits read into the page for filtering; an account with more narrows by URL on the server first. */
export const MAX_LISTED = 5_000;
const ROWS_STEP = 100;

/** Every audit of the account, newest first, filtered in the page by URL, day and score as the filters are typed. */
export function AuditsView() {
  const { api } = useDashboard();
  const { audits, status, retry } = useAllAudits(api);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [rows, setRows] = useState(ROWS_STEP);

  const problem = filterProblem(filters);
  const shown = useMemo(() => filterAudits(audits, filters), [audits, filters]);
  const set = (name: keyof AuditFilters, value: string) => {
    setFilters({ ...filters, [name]: value });
    setRows(ROWS_STEP);
  };

  return (
    <section aria-labelledby="h-audits">
      <h1 id="h-audits">Audits</h1>
      <AuditFiltersForm filters={filters} onSet={set} onClear={() => setFilters(NO_FILTERS)} />
      {problem && (
        <p class="action-error" role="alert">
          {problem}
        </p>
      )}
      {status.error && <ErrorState what="audits" error={status.error} onRetry={retry} />}
      {status.loading && <Loading what="audits" />}
      {!status.loading && !status.error && audits.length === 0 && (
        <Empty title="No audits yet.">
          <p>Audits made with the extension (once synced), the API, the CLI, monitors and crawls appear here.</p>
        </Empty>
      )}
      {audits.length > 0 && (
        <>
          <p class="muted small" role="status" data-testid="audit-count">
            {hasFilters(filters) ? `${shown.length.toLocaleString('en-GB')} of ` : ''}
            {audits.length.toLocaleString('en-GB')} audit{audits.length === 1 ? '' : 's'}
            {status.done ? '' : ' (reading more…)'}
            {status.done && audits.length >= MAX_LISTED ? ` (the newest ${MAX_LISTED.toLocaleString('en-GB')})` : ''}
          </p>
          {shown.length === 0 ? <Empty title="No audit matches these filters." /> : <AuditsTable audits={shown.slice(0, rows)} />}
          {shown.length > rows && (
            <button type="button" class="secondary" onClick={() => setRows(rows + ROWS_STEP)}>
              Show {Math.min(ROWS_STEP, shown.length - rows)} more
            </button>
          )}
        </>
      )}
    </section>
  );
}

interface AuditsStatus {
  loading: boolean;
  /** Every page is read (or MAX_LISTED reached). */
  done: boolean;
  error: string;
}

/** The account's audits, read page after page (the list grows as they come); `retry` reads them again. */
function useAllAudits(api: ApiClient): { audits: AuditSummary[]; status: AuditsStatus; retry: () => void } {
  const [audits, setAudits] = useState<AuditSummary[]>([]);
  const [status, setStatus] = useState<AuditsStatus>({ loading: true, done: false, error: '' });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setAudits([]);
    setStatus({ loading: true, done: false, error: '' });
    void loadPages<AuditSummary>(
      api,
      '/audits',
      'audits',
      (page, done) => {
        setAudits((all) => all.concat(page));
        setStatus({ loading: false, done, error: '' });
      },
      { max: MAX_LISTED, cancelled: () => cancelled },
    ).then((res) => {
      if (!cancelled && !res.ok) setStatus((s) => ({ ...s, loading: false, error: res.error }));
    });
    return () => {
      cancelled = true;
    };
  }, [api, tick]);

  return { audits, status, retry: () => setTick((t) => t + 1) };
}

/** The filters: URL, days and scores, typed into the page's own filtering. */
function AuditFiltersForm({
  filters,
  onSet,
  onClear,
}: {
  filters: AuditFilters;
  onSet: (name: keyof AuditFilters, value: string) => void;
  onClear: () => void;
}) {
  const set = (name: keyof AuditFilters) => (e: Event) => onSet(name, (e.currentTarget as HTMLInputElement).value);
  return (
    <form class="filters" role="search" aria-label="Filter audits" onSubmit={(e) => e.preventDefault()}>
      <label>
        URL contains
        <input type="search" name="url" value={filters.url} onInput={set('url')} placeholder="example.com/blog" />
      </label>
      <label>
        Audited from
        <input type="date" name="from" value={filters.from} onInput={set('from')} />
      </label>
      <label>
        Audited until
        <input type="date" name="to" value={filters.to} onInput={set('to')} />
      </label>
      <label>
        Lowest score
        <input type="number" name="minScore" min={0} max={100} inputMode="numeric" value={filters.minScore} onInput={set('minScore')} />
      </label>
      <label>
        Highest score
        <input type="number" name="maxScore" min={0} max={100} inputMode="numeric" value={filters.maxScore} onInput={set('maxScore')} />
      </label>
      {hasFilters(filters) && (
        <button type="button" class="secondary small" onClick={onClear}>
          Clear filters
        </button>
      )}
    </form>
  );
}

/** The audits shown: score, page, when, where from and what the site is built with. */
function AuditsTable({ audits }: { audits: AuditSummary[] }) {
  return (
    <div class="table-wrap">
      <table class="data audits-table">
        <thead>
          <tr>
            <th scope="col" class="num">
              Score
            </th>
            <th scope="col">Page</th>
            <th scope="col">Audited</th>
            <th scope="col">From</th>
            <th scope="col">Built with</th>
          </tr>
        </thead>
        <tbody>
          {audits.map((a) => (
            <tr key={a.id} data-audit-id={a.id}>
              <td class="num">
                <ScorePill score={a.score} />
              </td>
              <td class="url-cell">
                <a href={routeHref({ view: 'audit', id: a.id })}>{displayUrl(a.final_url || a.url, 90)}</a>
              </td>
              <td class="nowrap">{when(a.scanned_at)}</td>
              <td>{a.origin}</td>
              <td data-col="builder">{builtWith(a.builder) ? a.builder : <span class="muted">Not recognised</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
