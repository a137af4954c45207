import { useEffect, useState } from 'preact/hooks';
import type { Crawl } from '../../lib/api/types.js';
import { crawlRunning } from '../../lib/dashboard/crawl-progress.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { CrawlStatus } from './CrawlStatus.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { ScorePill } from './ScorePill.js';
import { useApi } from './use-api.js';
import { ActionError, Empty, ListStates } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { UrlField } from './UrlField.js';

const POLL_MS = 2_000;

/** Site audits (docs/api-decisions.md#crawls): start one, follow the running ones, open a finished one's rollup. */
export function CrawlsView() {
  const { caps } = useDashboard();
  const [list, reload] = useApi((a) => a.get<{ crawls: Crawl[] }>('/crawls?limit=100'), []);
  const running = list.state === 'ok' && list.data.crawls.some(crawlRunning);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(reload, POLL_MS);
    return () => clearInterval(t);
  }, [running, reload]);
  if (caps?.crawls === false) {
    return (
      <section aria-labelledby="h-crawls">
        <h1 id="h-crawls">Crawls</h1>
        <Empty title="This server has no site audits.">
          <p>Crawls need a Citable server with the crawl routes (POST /api/v1/crawls). Upgrade the server to audit whole sites.</p>
        </Empty>
      </section>
    );
  }
  return (
    <section aria-labelledby="h-crawls">
      <h1 id="h-crawls">Crawls</h1>
      <p class="muted">
        A crawl audits every page of a site it can find (sitemaps and links) and rolls the results up: issues by share of pages, templates,
        site files.
      </p>
      <NewCrawl onStarted={reload} />
      <ListStates load={list} what="crawls" items={(d) => d.crawls} empty="No crawls yet." onRetry={reload}>
        {(crawls) => <CrawlsTable crawls={crawls} />}
      </ListStates>
    </section>
  );
}

const CRAWL_COLUMNS: readonly TableColumn<Crawl>[] = [
  { id: 'score', label: 'Score', num: true, sort: (c) => c.score, csv: (c) => c.score, cell: (c) => <ScorePill score={c.score} /> },
  {
    id: 'site',
    label: 'Site',
    sort: (c) => displayUrl(c.url, 2_000),
    csv: (c) => c.url,
    cell: (c) => <a href={routeHref({ view: 'crawl', id: c.id })}>{displayUrl(c.url)}</a>,
    td: () => ({ class: 'url-cell' }),
  },
  { id: 'status', label: 'Status', sort: (c) => c.status, csv: (c) => c.status, cell: (c) => <CrawlStatus crawl={c} /> },
  { id: 'pages', label: 'Pages audited', num: true, sort: (c) => c.progress.audited, csv: (c) => c.progress.audited },
  {
    id: 'started',
    label: 'Started',
    sort: (c) => c.started_at ?? c.created_at,
    csv: (c) => c.started_at ?? c.created_at,
    cell: (c) => when(c.started_at ?? c.created_at),
    td: () => ({ class: 'nowrap' }),
  },
];

function CrawlsTable({ crawls }: { crawls: readonly Crawl[] }) {
  return (
    <DataTable
      rows={crawls}
      columns={CRAWL_COLUMNS}
      rowKey={(c) => c.id}
      rowProps={(c) => ({ 'data-crawl-id': c.id })}
      label="Crawls"
      exportName="crawls"
    />
  );
}

function NewCrawl({ onStarted }: { onStarted: () => void }) {
  const { api } = useDashboard();
  const [url, setUrl] = useState('');
  const [maxPages, setMaxPages] = useState('100');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await run('start', () => api.post<{ crawl: Crawl }>('/crawls', { url: url.trim(), max_pages: Number(maxPages) }));
    if (!res.ok) return;
    setUrl('');
    onStarted();
  };
  return (
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label="New crawl">
      <UrlField label="Site" name="url" value={url} onInput={setUrl} placeholder="example.com" />
      <label>
        Pages at most
        <input type="number" min={1} max={10000} value={maxPages} onInput={(e) => setMaxPages(e.currentTarget.value)} />
      </label>
      <WriteButton type="submit" busy={busy !== ''} action="start-crawl">
        Start crawl
      </WriteButton>
      {error && <ActionError error={error} />}
    </form>
  );
}
