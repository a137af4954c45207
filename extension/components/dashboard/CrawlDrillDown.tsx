import type { Crawl } from '../../lib/api/types.js';
import type { CrawlIssue } from '../../../shared/report/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { SEVERITY_LABELS } from '../../../shared/report/wording.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { PAGE_COLUMNS, useCrawlPages } from './CrawlPagesView.js';
import { Loading, ErrorState } from './states.js';

const SEVERITY_ORDER = { critical: 0, warning: 1, notice: 2 } as const;
/** Pages listed under "Pages to fix first". */
const WORST = 10;

/** A crawl's issues: each opens every page that has it. */
function issueColumns(crawlId: string): readonly TableColumn<CrawlIssue>[] {
  return [
    { id: 'issue', label: 'Issue', sort: (i) => i.title, csv: (i) => i.title, cell: (i) => <strong>{i.title}</strong> },
    {
      id: 'severity',
      label: 'Severity',
      sort: (i) => SEVERITY_ORDER[i.severity] ?? 3,
      csv: (i) => i.severity,
      cell: (i) => <span class={`pill ${i.severity}`}>{SEVERITY_LABELS[i.severity]}</span>,
    },
    { id: 'category', label: 'Category', sort: (i) => i.category, csv: (i) => i.category },
    {
      id: 'pages',
      label: 'Pages',
      num: true,
      sort: (i) => i.pages,
      csv: (i) => i.pages,
      cell: (i) => (
        <a href={routeHref({ view: 'crawl-pages', id: crawlId, rule: i.rule })} data-action="issue-pages">
          {i.pages} page{i.pages === 1 ? '' : 's'}
        </a>
      ),
    },
    {
      id: 'share',
      label: 'Share of pages',
      num: true,
      sort: (i) => i.share,
      csv: (i) => i.share,
      cell: (i) => `${Math.round(i.share * 100)}%`,
    },
    { id: 'rule', label: 'Rule', sort: (i) => i.rule, csv: (i) => i.rule, cell: (i) => <code class="small">{i.rule}</code> },
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
      <h2 id="h-crawl-issues">Issues</h2>
      {issues.length === 0 ? (
        <p class="all-clear">No issues on the pages audited.</p>
      ) : (
        <DataTable
          rows={issues}
          columns={issueColumns(crawl.id)}
          rowKey={(i) => i.rule}
          rowProps={(i) => ({ 'data-rule': i.rule })}
          label="Issues of the crawl"
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
      <h2 id="h-fix-first">Pages to fix first</h2>
      {pages.error && <ErrorState what="the pages" error={pages.error} />}
      {!pages.error && !pages.done && <Loading what="the pages" />}
      {pages.done && !pages.error && (
        <DataTable
          rows={worst}
          columns={PAGE_COLUMNS}
          rowKey={(p) => p.url}
          label="Pages to fix first"
          exportName="pages-to-fix-first"
          initialSort={{ column: 'score', direction: 'asc' }}
          search={false}
        />
      )}
      <p>
        <a href={routeHref({ view: 'crawl-pages', id: crawl.id })} data-action="all-pages">
          Every page of the crawl ({crawl.progress.audited + crawl.progress.failed})
        </a>
      </p>
    </>
  );
}
