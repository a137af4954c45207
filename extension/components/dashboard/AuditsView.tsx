import { useEffect, useMemo, useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { ApiClient } from '../../lib/api/client.js';
import type { AuditSummary } from '../../lib/api/types.js';
import { filterAudits, filterProblem, hasFilters, NO_FILTERS, type AuditFilters } from '../../lib/dashboard/filter-audits.js';
import { loadPages } from '../../lib/dashboard/load-pages.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { displayUrl, originLabel, when } from './format.js';
import { ScorePill } from './ScorePill.js';
import { builtWith } from '../../../shared/report/wording.js';
import { Empty, ErrorState, Loading } from './states.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { NewAuditForm } from './NewAuditForm.js';
import { useProjectFilter } from './ProjectFilter.js';
import { t, tp } from '../../lib/i18n/t.js';

/** Most audits read into the page for filtering; an account with more narrows by URL on the server first. */
export const MAX_LISTED = 10_000;

/** Every audit of the account, newest first, filtered in the page by URL, day and score as the filters are typed. */
export function AuditsView() {
  const { api } = useDashboard();
  const { audits, status, retry } = useAllAudits(api);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);

  const problem = filterProblem(filters);
  const client = useProjectFilter();
  const [crawlPages, setCrawlPages] = useState(false);
  // A site audit's pages are left to their crawl (its drill-down lists them) instead of burying the client's own
  // audits; one tick shows them here too.
  const folded = useMemo(() => audits.filter((a) => a.origin === 'crawl').length, [audits]);
  const shown = useMemo(
    () => client.only(filterAudits(crawlPages ? audits : audits.filter((a) => a.origin !== 'crawl'), filters), (a) => a.final_url || a.url),
    [audits, filters, crawlPages, client.only],
  );
  const set = (name: keyof AuditFilters, value: string) => {
    setFilters({ ...filters, [name]: value });
  };

  return (
    <section aria-labelledby="h-audits">
      <h1 id="h-audits">{t('navAudits')}</h1>
      <NewAuditForm />
      <AuditFiltersForm filters={filters} onSet={set} onClear={() => setFilters(NO_FILTERS)} />
      <ListFilters select={client.select} folded={folded} crawlPages={crawlPages} onCrawlPages={setCrawlPages} />
      {problem && (
        <p class="action-error" role="alert">
          {problem}
        </p>
      )}
      {status.error && <ErrorState what={t('dashWhatAudits')} error={status.error} onRetry={retry} />}
      {status.loading && <Loading what={t('dashWhatAudits')} />}
      {!status.loading && !status.error && audits.length === 0 && (
        <Empty title={t('dashAuditsNone')}>
          <p>{t('dashAuditsNoneBody')}</p>
        </Empty>
      )}
      {audits.length > 0 && (
        <>
          <p class="muted small" role="status" data-testid="audit-count">
            {shown.length !== audits.length ? tp('dashAuditsShownOf', audits.length, shown.length) : tp('dashAuditsCount', audits.length)}
            {status.done ? '' : ` ${t('dashAuditsReadingMore')}`}
            {status.done && status.more ? ` ${t('dashAuditsNewest', MAX_LISTED)}` : ''}
          </p>
          {shown.length === 0 ? <Empty title={t('dashAuditsNoMatch')} /> : <AuditsTable audits={shown} />}
        </>
      )}
    </section>
  );
}

interface AuditsStatus {
  loading: boolean;
  /** Every page is read (or MAX_LISTED reached). */
  done: boolean;
  /** The server has more than MAX_LISTED. */
  more?: boolean;
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
      (page, done, more) => {
        setAudits((all) => all.concat(page));
        setStatus({ loading: false, done, more, error: '' });
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
    <form class="filters" role="search" aria-label={t('dashAuditsFilter')} onSubmit={(e) => e.preventDefault()}>
      <label>
        {t('dashAuditsUrlContains')}
        <input type="search" name="url" value={filters.url} onInput={set('url')} placeholder={t('dashAuditsUrlExample')} />
      </label>
      <label>
        {t('dashAuditsFrom')}
        <input type="date" name="from" value={filters.from} onInput={set('from')} />
      </label>
      <label>
        {t('dashAuditsUntil')}
        <input type="date" name="to" value={filters.to} onInput={set('to')} />
      </label>
      <label>
        {t('dashAuditsLowest')}
        <input type="number" name="minScore" min={0} max={100} inputMode="numeric" value={filters.minScore} onInput={set('minScore')} />
      </label>
      <label>
        {t('dashAuditsHighest')}
        <input type="number" name="maxScore" min={0} max={100} inputMode="numeric" value={filters.maxScore} onInput={set('maxScore')} />
      </label>
      {hasFilters(filters) && (
        <button type="button" class="secondary small" onClick={onClear}>
          {t('dashAuditsClear')}
        </button>
      )}
    </form>
  );
}

/** The audits' columns: score, page, when, where from and what the site is built with. */
const AUDIT_COLUMNS: readonly TableColumn<AuditSummary>[] = [
  { id: 'score', label: t('colScore'), num: true, sort: (a) => a.score, csv: (a) => a.score, cell: (a) => <ScorePill score={a.score} /> },
  {
    id: 'page',
    label: t('colPage'),
    sort: (a) => displayUrl(a.final_url || a.url, 2_000),
    csv: (a) => a.final_url || a.url,
    cell: (a) => <a href={routeHref({ view: 'audit', id: a.id })}>{displayUrl(a.final_url || a.url, 90)}</a>,
    td: () => ({ class: 'url-cell' }),
  },
  {
    id: 'audited',
    label: t('dashColAudited'),
    sort: (a) => a.scanned_at,
    csv: (a) => a.scanned_at,
    cell: (a) => when(a.scanned_at),
    td: () => ({ class: 'nowrap' }),
  },
  { id: 'origin', label: t('dashColFrom'), sort: (a) => originLabel(a.origin), csv: (a) => a.origin, cell: (a) => originLabel(a.origin) },
  {
    id: 'builder',
    label: t('dashColBuiltWith'),
    sort: (a) => (builtWith(a.builder) ? a.builder : null),
    csv: (a) => (builtWith(a.builder) ? a.builder : ''),
    cell: (a) => (builtWith(a.builder) ? a.builder : <span class="muted">{t('dashNotRecognised')}</span>),
    td: () => ({ 'data-col': 'builder' }),
  },
];

function AuditsTable({ audits }: { audits: readonly AuditSummary[] }) {
  return (
    <DataTable
      rows={audits}
      columns={AUDIT_COLUMNS}
      rowKey={(a) => a.id}
      rowProps={(a) => ({ 'data-audit-id': a.id })}
      label={t('navAudits')}
      exportName="audits"
      tableClass="audits-table"
      search={false}
    />
  );
}

/** The Client select and the crawl pages' tick, when there is either: no empty box otherwise. */
function ListFilters(props: { select: VNode | null; folded: number; crawlPages: boolean; onCrawlPages: (show: boolean) => void }) {
  if (!props.select && props.folded === 0) return null;
  return (
    <div class="filters">
      {props.select}
      {props.folded > 0 && (
        <label class="check small">
          <input
            type="checkbox"
            name="hide-crawl-pages"
            checked={!props.crawlPages}
            onChange={(e) => props.onCrawlPages(!e.currentTarget.checked)}
          />{' '}
          {t('dashCrawlPagesHidden', props.folded)}
        </label>
      )}
    </div>
  );
}
