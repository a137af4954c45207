import { useEffect, useState } from 'preact/hooks';
import type { ApiClient } from '../../lib/api/client.js';
import type { Branding, Crawl, CrawlPage, Fix } from '../../lib/api/types.js';
import { crawlRunning } from '../../lib/dashboard/crawl-progress.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { CrawlStatus } from './CrawlStatus.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { ReportFrame } from './ReportFrame.js';
import { ShareButton } from './ShareButton.js';
import { useApi } from './use-api.js';
import { ActionError, ErrorState, Loading } from './states.js';
import { WriteButton } from './WriteButton.js';
import { FixesPanel } from './FixesPanel.js';
import { useAction } from './use-action.js';

const POLL_MS = 1_500;

/** One crawl: its progress while it runs (cancel), then the site report (shared/report's crawl report) with its worst pages. */
export function CrawlView({ id }: { id: string }) {
  const { api } = useDashboard();
  const [crawl, reload] = useApi((a) => a.get<{ crawl: Crawl }>(`/crawls/${encodeURIComponent(id)}`), [id]);
  const { error, run } = useAction();
  const c = crawl.state === 'ok' ? crawl.data.crawl : null;
  const running = !!c && crawlRunning(c);

  useEffect(() => {
    if (!running) return;
    const t = setInterval(reload, POLL_MS);
    return () => clearInterval(t);
  }, [running, reload]);

  const html = useSiteReportHtml(api, c);

  if (crawl.state === 'loading') return <Loading what="the crawl" />;
  if (crawl.state === 'error') return <ErrorState what="the crawl" error={crawl.error} onRetry={reload} />;
  const shown = crawl.data.crawl;
  const cancel = async () => {
    await run('cancel', () => api.del(`/crawls/${encodeURIComponent(shown.id)}`));
    reload();
  };
  return (
    <section aria-labelledby="h-crawl" data-crawl-id={shown.id}>
      <p class="crumbs small">
        <a href={routeHref({ view: 'crawls' })}>Crawls</a> /
      </p>
      <h1 id="h-crawl" class="break">
        {displayUrl(shown.url, 120)}
      </h1>
      {/* The status holds a block progress bar while it runs: the start time goes on its own line, not after it. */}
      <p>
        <CrawlStatus crawl={shown} />
      </p>
      <p class="muted small">Started {when(shown.started_at ?? shown.created_at)}</p>
      <div class="toolbar">
        {running && (
          <WriteButton class="danger" onClick={() => void cancel()} action="cancel-crawl">
            Cancel crawl
          </WriteButton>
        )}
        {shown.status === 'complete' && <ShareButton kind="crawl" id={shown.id} />}
      </div>
      {error && <ActionError error={error} />}
      {shown.status === 'complete' && <CrawlFixes crawl={shown} />}
      {shown.status === 'complete' &&
        (html === null ? (
          <Loading what="the site report" />
        ) : (
          <ReportFrame html={html} title={`Site report of ${displayUrl(shown.url)}`} />
        ))}
    </section>
  );
}

/** A complete crawl's fixes: site files from every page it audited, the start page's snippets, the examples. */
function CrawlFixes({ crawl }: { crawl: Crawl }) {
  const [fixes, reload] = useApi((a) => a.get<{ fixes: Fix[] }>(`/crawls/${encodeURIComponent(crawl.id)}/fixes`), [crawl.id]);
  return (
    <>
      <h2>Fixes</h2>
      <FixesPanel fixes={fixes} issues={crawl.issues ?? []} url={crawl.url} onRetry={reload} />
    </>
  );
}

/** A complete crawl's site report as HTML, with the account's branding and its worst pages; null until it is made. */
function useSiteReportHtml(api: ApiClient, c: Crawl | null): string | null {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (!c || c.status !== 'complete') return;
    let cancelled = false;
    void (async () => {
      const [exporter, branding, pages] = await Promise.all([
        import('../../lib/export/export-crawl.js'),
        api.get<{ branding: Branding }>('/branding'),
        api.get<{ pages: CrawlPage[] }>(`/crawls/${encodeURIComponent(c.id)}/pages?limit=100`),
      ]);
      if (!cancelled)
        setHtml(
          exporter.crawlReportHtml(c, {
            branding: branding.ok ? branding.data.branding : null,
            ...(pages.ok ? { worstPages: pages.data.pages } : {}),
          }),
        );
    })();
    return () => {
      cancelled = true;
    };
  }, [c?.id, c?.status, api]);
  return html;
}
