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

function CrawlsTable({ crawls }: { crawls: readonly Crawl[] }) {
  return (
    <div class="table-wrap">
      <table class="data">
        <thead>
          <tr>
            <th scope="col" class="num">
              Score
            </th>
            <th scope="col">Site</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
          </tr>
        </thead>
        <tbody>
          {crawls.map((c) => (
            <tr key={c.id} data-crawl-id={c.id}>
              <td class="num">
                <ScorePill score={c.score} />
              </td>
              <td class="url-cell">
                <a href={routeHref({ view: 'crawl', id: c.id })}>{displayUrl(c.url)}</a>
              </td>
              <td>
                <CrawlStatus crawl={c} />
              </td>
              <td class="nowrap">{when(c.started_at ?? c.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
      <label>
        Site
        <input type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} placeholder="https://example.com/" />
      </label>
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
