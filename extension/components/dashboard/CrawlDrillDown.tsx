import type { Crawl } from '../../lib/api/types.js';
import type { CrawlIssue } from '../../../shared/report/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { PAGE_COLUMNS, useCrawlPages } from './CrawlPagesView.js';
import { Loading, ErrorState } from './states.js';
import { t, tp } from '../../lib/i18n/t.js';
import { formatPercent } from '../../lib/i18n/format.js';

const SEVERITY_ORDER = { critical: 0, warning: 1, notice: 2 } as const;
/** Pages listed under "Pages to fix first". */
const WORST = 10;

/** A crawl's issues: each opens every page that has it. */
function issueColumns(crawlId: string): readonly TableColumn<CrawlIssue>[] {
  return [
    { id: 'issue', label: t('colIssue'), sort: (i) => i.title, csv: (i) => i.title, cell: (i) => <strong>{i.title}</strong> },
    {
      id: 'severity',
      label: t('colSeverity'),
      sort: (i) => SEVERITY_ORDER[i.severity] ?? 3,
      csv: (i) => i.severity,
      cell: (i) => <span class={`pill ${i.severity}`}>{t(`severity_${i.severity}`)}</span>,
    },
    { id: 'category', label: t('colCategory'), sort: (i) => i.category, csv: (i) => i.category },
    {
      id: 'pages',
      label: t('colPages'),
      num: true,
      sort: (i) => i.pages,
      csv: (i) => i.pages,
      cell: (i) => (
        <a href={routeHref({ view: 'crawl-pages', id: crawlId, rule: i.rule })} data-action="issue-pages">
          {tp('pagesCount', i.pages)}
        </a>
      ),
    },
    {
      id: 'share',
      label: t('colShareOfPages'),
      num: true,
      sort: (i) => i.share,
      csv: (i) => i.share,
      cell: (i) => formatPercent(i.share),
    },
    { id: 'rule', label: t('colRule'), sort: (i) => i.rule, csv: (i) => i.rule, cell: (i) => <code class="small">{i.rule}</code> },
  ];
}

/**
 * What an auditor drills into on a finished crawl: every issue with the number of pages that have it (a
 * link to all of them), and the pages to fix first (the lowest scores, each linked to its audit).
 */
export function CrawlDrillDown({ crawl }: { crawl: Crawl }) {
  const issues = crawl.issues ?? [];
  return (
    <>
      <h2 id="h-crawl-issues">{t('drillIssues')}</h2>
      {issues.length === 0 ? (
        <p class="all-clear">{t('drillNoIssues')}</p>
      ) : (
        <DataTable
          rows={issues}
          columns={issueColumns(crawl.id)}
          rowKey={(i) => i.rule}
          rowProps={(i) => ({ 'data-rule': i.rule })}
          label={t('drillIssuesOfCrawl')}
          exportName="crawl-issues"
          tableClass="crawl-issues"
        />
      )}
      <WorstPages crawl={crawl} />
    </>
  );
}

/** The lowest-scoring pages, each opening its audit, and the way to every page. */
function WorstPages({ crawl }: { crawl: Crawl }) {
  const pages = useCrawlPages(crawl.id, undefined);
  const worst = [...pages.rows].sort((a, b) => (a.score ?? 101) - (b.score ?? 101)).slice(0, WORST);
  return (
    <>
      <h2 id="h-fix-first">{t('drillFixFirst')}</h2>
      {pages.error && <ErrorState what={t('whatPages')} error={pages.error} />}
      {!pages.error && !pages.done && <Loading what={t('whatPages')} />}
      {pages.done && !pages.error && (
        <DataTable
          rows={worst}
          columns={PAGE_COLUMNS}
          rowKey={(p) => p.url}
          label={t('drillFixFirst')}
          exportName="pages-to-fix-first"
          initialSort={{ column: 'score', direction: 'asc' }}
          search={false}
        />
      )}
      <p>
        <a href={routeHref({ view: 'crawl-pages', id: crawl.id })} data-action="all-pages">
          {t('drillEveryPage', crawl.progress.audited + crawl.progress.failed)}
        </a>
      </p>
    </>
  );
}
