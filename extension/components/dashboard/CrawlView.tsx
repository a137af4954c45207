import { useEffect, useState } from 'preact/hooks';
import type { ApiClient } from '../../lib/api/client.js';
import type { Crawl, Fix } from '../../lib/api/types.js';
import { crawlRunning } from '../../lib/dashboard/crawl-progress.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { CrawlStatus } from './CrawlStatus.js';
import { useDashboard } from './context.js';
import { displayUrl } from './format.js';
import { ReportFrame } from './ReportFrame.js';
import { ShareButton } from './ShareButton.js';
import { useApi } from './use-api.js';
import { ActionError, ErrorState, Loading } from './states.js';
import { WriteButton } from './WriteButton.js';
import { FixesPanel } from './FixesPanel.js';
import { useAction } from './use-action.js';
import { DoneNote, useConfirm } from './ConfirmDialog.js';
import { CrawlDrillDown } from './CrawlDrillDown.js';
import { t } from '../../lib/i18n/t.js';
import { formatDateTime } from '../../lib/i18n/format.js';

const POLL_MS = 1_500;

/**
 * One crawl: its progress while it runs (cancel), then its issues (each opening every page that has it), the
 * pages to fix first (each opening its audit) and the client report the server makes.
 */
export function CrawlView({ id }: { id: string }) {
  const { api } = useDashboard();
  const [crawl, reload] = useApi((a) => a.get<{ crawl: Crawl }>(`/crawls/${encodeURIComponent(id)}`), [id]);
  const { error, dialog, done, cancelCrawl } = useCancelCrawl(reload);
  const c = crawl.state === 'ok' ? crawl.data.crawl : null;
  const running = !!c && crawlRunning(c);

  useEffect(() => {
    if (!running) return;
    const t = setInterval(reload, POLL_MS);
    return () => clearInterval(t);
  }, [running, reload]);

  const report = useSiteReportHtml(api, c);

  if (crawl.state === 'loading') return <Loading what={t('whatCrawl')} />;
  if (crawl.state === 'error') return <ErrorState what={t('whatCrawl')} error={crawl.error} onRetry={reload} />;
  const shown = crawl.data.crawl;
  const cancel = () => void cancelCrawl(shown);
  return (
    <section aria-labelledby="h-crawl" data-crawl-id={shown.id}>
      <p class="crumbs small">
        <a href={routeHref({ view: 'crawls' })}>{t('navCrawls')}</a> /
      </p>
      <h1 id="h-crawl" class="break">
        {displayUrl(shown.url, 120)}
      </h1>
      {/* The status holds a block progress bar while it runs: the start time goes on its own line, not after it. */}
      <p>
        <CrawlStatus crawl={shown} />
      </p>
      <p class="muted small">{t('crawlStarted', formatDateTime(shown.started_at ?? shown.created_at))}</p>
      <div class="toolbar">
        {running && (
          <WriteButton class="danger" onClick={cancel} action="cancel-crawl">
            {t('crawlCancel')}
          </WriteButton>
        )}
        {shown.status === 'complete' && <ShareButton kind="crawl" id={shown.id} />}
      </div>
      {error && <ActionError error={error} />}
      <DoneNote text={done} />
      {dialog}
      {shown.status === 'complete' && <CrawlDrillDown crawl={shown} />}
      {shown.status === 'complete' && <CrawlFixes crawl={shown} />}
      {shown.status === 'complete' && <h2>{t('crawlClientReport')}</h2>}
      {shown.status === 'complete' && report.error && <ErrorState what={t('whatSiteReport')} error={report.error} />}
      {shown.status === 'complete' &&
        !report.error &&
        (report.html === null ? (
          <Loading what={t('whatSiteReport')} />
        ) : (
          <ReportFrame html={report.html} title={t('crawlSiteReportOf', displayUrl(shown.url))} />
        ))}
    </section>
  );
}

/** A complete crawl's fixes: site files from every page it audited, the start page's snippets, the examples. */
function CrawlFixes({ crawl }: { crawl: Crawl }) {
  const [fixes, reload] = useApi((a) => a.get<{ fixes: Fix[] }>(`/crawls/${encodeURIComponent(crawl.id)}/fixes`), [crawl.id]);
  return (
    <>
      <h2>{t('auditFixes')}</h2>
      <FixesPanel fixes={fixes} issues={crawl.issues ?? []} url={crawl.url} onRetry={reload} />
    </>
  );
}

/**
 * A complete crawl's client report, as the server makes it (`GET /crawls/{id}/report`: the account's branding,
 * the true worst pages, the advice under critical issues, earlier scores of the site); null until it arrives.
 */
function useSiteReportHtml(api: ApiClient, c: Crawl | null): { html: string | null; error: string } {
  const [report, setReport] = useState<{ html: string | null; error: string }>({ html: null, error: '' });
  useEffect(() => {
    if (!c || c.status !== 'complete') return;
    let cancelled = false;
    void api.getText(`/crawls/${encodeURIComponent(c.id)}/report`, 'text/html').then((res) => {
      if (!cancelled) setReport(res.ok ? { html: res.data, error: '' } : { html: null, error: res.error });
    });
    return () => {
      cancelled = true;
    };
  }, [c?.id, c?.status, api]);
  return report;
}

/** Cancelling a crawl after the user confirms it; `done` says it was cancelled. */
function useCancelCrawl(reload: () => void) {
  const { api } = useDashboard();
  const { error, run } = useAction();
  const { dialog, ask } = useConfirm();
  const [done, setDone] = useState('');
  const cancelCrawl = async (shown: Crawl) => {
    const { audited, discovered } = shown.progress;
    const yes = await ask({
      title: t('crawlCancelTitle', displayUrl(shown.url)),
      body: <p>{t('crawlCancelBody', audited, discovered)}</p>,
      confirm: t('crawlCancel'),
      keep: t('crawlKeepCrawling'),
    });
    if (!yes) return;
    if ((await run('cancel', () => api.del(`/crawls/${encodeURIComponent(shown.id)}`))).ok) setDone(t('crawlWasCancelled'));
    reload();
  };
  return { error, dialog, done, cancelCrawl };
}
