import { useEffect, useState } from 'preact/hooks';
import type { Crawl, CrawlPage } from '../../lib/api/types.js';
import { loadPages } from '../../lib/dashboard/load-pages.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { displayUrl } from './format.js';
import { ScorePill } from './ScorePill.js';
import { useApi } from './use-api.js';
import { Empty, ErrorState, Loading } from './states.js';
import { t, tp } from '../../lib/i18n/t.js';
import { formatPercent } from '../../lib/i18n/format.js';

/** The most pages listed (a crawl audits at most 10,000). */
const MAX_PAGES = 10_000;

/** A crawl page as the API lists it (`critical` is a boolean on the wire). */
type Page = CrawlPage & { error?: string | null };

export const PAGE_COLUMNS: readonly TableColumn<Page>[] = [
  { id: 'score', label: t('colScore'), num: true, sort: (p) => p.score, csv: (p) => p.score, cell: (p) => <ScorePill score={p.score} /> },
  {
    id: 'page',
    label: t('colPage'),
    sort: (p) => displayUrl(p.url, 2_000),
    csv: (p) => p.url,
    td: () => ({ class: 'url-cell' }),
    cell: (p) =>
      p.audit_id ? (
        <a href={routeHref({ view: 'audit', id: p.audit_id })}>{displayUrl(p.url, 100)}</a>
      ) : (
        <span>
          {displayUrl(p.url, 100)} <span class="error small">{p.error ?? t('pagesNotAudited')}</span>
        </span>
      ),
  },
  { id: 'http', label: t('colHttpStatus'), num: true, sort: (p) => p.http_status, csv: (p) => p.http_status },
  {
    id: 'critical',
    label: t('colCriticalIssue'),
    sort: (p) => (p.critical ? 1 : 0),
    csv: (p) => !!p.critical,
    cell: (p) => (p.critical ? <span class="pill critical">{t('pagesCritical')}</span> : <span class="muted">{t('pagesNone')}</span>),
  },
];

/**
 * Every page of a crawl, or every page with an issue of one rule (`GET /crawls/{id}/pages?rule=`), read 500
 * at a time: worst first, each linked to its audit, exported as CSV by the server (all of them, streamed).
 */
export function CrawlPagesView({ id, rule }: { id: string; rule?: string | undefined }) {
  const { api } = useDashboard();
  const [crawl] = useApi((a) => a.get<{ crawl: Crawl }>(`/crawls/${encodeURIComponent(id)}`), [id]);
  const pages = useCrawlPages(id, rule);
  const issue = crawl.state === 'ok' && rule ? crawl.data.crawl.issues?.find((i) => i.rule === rule) : undefined;
  const site = crawl.state === 'ok' ? displayUrl(crawl.data.crawl.url) : '';
  const exportCsv = async () => {
    const res = await api.getText(
      `/crawls/${encodeURIComponent(id)}/pages.csv${rule ? `?rule=${encodeURIComponent(rule)}` : ''}`,
      'text/csv',
    );
    return res.ok ? res.data : { error: res.error };
  };
  return (
    <section aria-labelledby="h-crawl-pages" data-crawl-id={id} data-rule={rule}>
      <p class="crumbs small">
        <a href={routeHref({ view: 'crawls' })}>{t('navCrawls')}</a> /{' '}
        <a href={routeHref({ view: 'crawl', id })}>{site || t('pagesTheCrawl')}</a> /
      </p>
      <h1 id="h-crawl-pages" class="break">
        {rule ? t('pagesWithIssue', issue?.title ?? rule) : t('pagesEveryPageOf', site || t('pagesTheCrawl'))}
      </h1>
      {issue && (
        <p class="muted">
          {t('pagesOfCrawl', tp('pagesCount', issue.pages), formatPercent(issue.share))} · {issue.category} ·{' '}
          <span class={`pill ${issue.severity}`}>{t(`severity_${issue.severity}`)}</span> · <code>{issue.rule}</code>
        </p>
      )}
      {pages.error && <ErrorState what={t('whatPages')} error={pages.error} />}
      {!pages.error && pages.loading && <Loading what={t('whatPages')} />}
      {!pages.loading && !pages.error && pages.rows.length === 0 && <Empty title={t('pagesNoneWithIssue')} />}
      {pages.rows.length > 0 && (
        <DataTable
          rows={pages.rows}
          columns={PAGE_COLUMNS}
          rowKey={(p) => p.url}
          rowProps={(p) => ({ 'data-url': p.url })}
          label={rule ? t('pagesWithRule', rule) : t('colPages')}
          exportName={`crawl-pages${rule ? `-${rule}` : ''}`}
          initialSort={{ column: 'score', direction: 'asc' }}
          exportCsv={exportCsv}
        />
      )}
      {!pages.done && pages.rows.length > 0 && <p class="muted small">{t('pagesReadingMore')}</p>}
    </section>
  );
}

/** The crawl's pages (of a rule), read page after page; the table grows as they come. */
export function useCrawlPages(id: string, rule: string | undefined) {
  const { api } = useDashboard();
  const [rows, setRows] = useState<Page[]>([]);
  const [state, setState] = useState({ loading: true, done: false, error: '' });
  useEffect(() => {
    let cancelled = false;
    setRows([]);
    setState({ loading: true, done: false, error: '' });
    const path = `/crawls/${encodeURIComponent(id)}/pages${rule ? `?rule=${encodeURIComponent(rule)}` : ''}`;
    void loadPages<Page>(
      api,
      path,
      'pages',
      (page, done) => {
        setRows((all) => all.concat(page));
        setState({ loading: false, done, error: '' });
      },
      { max: MAX_PAGES, pageSize: 500, cancelled: () => cancelled },
    ).then((res) => {
      if (!cancelled && !res.ok) setState({ loading: false, done: true, error: res.error });
    });
    return () => {
      cancelled = true;
    };
  }, [api, id, rule]);
  return { rows, ...state };
}
