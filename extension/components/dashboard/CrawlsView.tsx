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
import { useProjectFilter } from './ProjectFilter.js';
import { t } from '../../lib/i18n/t.js';

const POLL_MS = 2_000;

/** Site audits (docs/api-decisions.md#crawls): start one, follow the running ones, open a finished one's rollup. */
export function CrawlsView() {
  const { caps } = useDashboard();
  const [list, reload] = useApi((a) => a.get<{ crawls: Crawl[] }>('/crawls?limit=100'), []);
  const running = list.state === 'ok' && list.data.crawls.some(crawlRunning);
  const client = useProjectFilter();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);
  if (caps?.crawls === false) {
    return (
      <section aria-labelledby="h-crawls">
        <h1 id="h-crawls">{t('navCrawls')}</h1>
        <Empty title={t('dashCrawlsNoRoutes')}>
          <p>{t('dashCrawlsNoRoutesBody')}</p>
        </Empty>
      </section>
    );
  }
  return (
    <section aria-labelledby="h-crawls">
      <h1 id="h-crawls">{t('navCrawls')}</h1>
      <p class="muted">{t('dashCrawlsIntro')}</p>
      <NewCrawl onStarted={reload} />
      {client.select && <div class="filters">{client.select}</div>}
      <ListStates
        load={list}
        what={t('dashWhatCrawls')}
        items={(d) => client.only(d.crawls, (c) => c.url)}
        empty={client.empty(t('dashCrawlsNone'))}
        onRetry={reload}
      >
        {(crawls) => <CrawlsTable crawls={crawls} />}
      </ListStates>
    </section>
  );
}

const CRAWL_COLUMNS: readonly TableColumn<Crawl>[] = [
  { id: 'score', label: t('colScore'), num: true, sort: (c) => c.score, csv: (c) => c.score, cell: (c) => <ScorePill score={c.score} /> },
  {
    id: 'site',
    label: t('dashColSite'),
    sort: (c) => displayUrl(c.url, 2_000),
    csv: (c) => c.url,
    cell: (c) => <a href={routeHref({ view: 'crawl', id: c.id })}>{displayUrl(c.url)}</a>,
    td: () => ({ class: 'url-cell' }),
  },
  { id: 'status', label: t('dashColStatus'), sort: (c) => c.status, csv: (c) => c.status, cell: (c) => <CrawlStatus crawl={c} /> },
  { id: 'pages', label: t('dashColPagesAudited'), num: true, sort: (c) => c.progress.audited, csv: (c) => c.progress.audited },
  {
    id: 'started',
    label: t('dashColStarted'),
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
      label={t('navCrawls')}
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
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label={t('dashCrawlsNew')}>
      <UrlField label={t('dashColSite')} name="url" value={url} onInput={setUrl} placeholder={t('dashExampleSite')} />
      <label>
        {t('dashPagesAtMost')}
        <input type="number" min={1} max={10000} value={maxPages} onInput={(e) => setMaxPages(e.currentTarget.value)} />
      </label>
      <WriteButton type="submit" busy={busy !== ''} action="start-crawl">
        {t('dashCrawlsStart')}
      </WriteButton>
      {error && <ActionError error={error} />}
    </form>
  );
}
