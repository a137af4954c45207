import { useEffect, useState } from 'preact/hooks';
import type { Audit } from '../../../shared/types/audit.js';
import type { ApiClient } from '../../lib/api/client.js';
import type { AuditDiff, AuditList, Branding, Fix } from '../../lib/api/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { DiffView } from '../DiffView.js';
import { useApi, type Load } from './use-api.js';
import { useDashboard } from './context.js';
import { displayUrl, originLabel } from './format.js';
import { ReportFrame } from './ReportFrame.js';
import { ShareButton } from './ShareButton.js';
import { ErrorState, Loading } from './states.js';
import { FixesPanel } from './FixesPanel.js';
import { t } from '../../lib/i18n/t.js';
import { formatDateTime } from '../../lib/i18n/format.js';
import { SourceLine } from '../../../shared/report/components/SourceLine.js';

/**
 * One audit: its diff against the previous audit of the URL, share and export, and the client report itself
 * (shared/report, with the account's branding and the URL's score history), exactly as a client receives it.
 */
export function AuditView({ id }: { id: string }) {
  const { api } = useDashboard();
  const [audit, reload] = useApi((a) => a.get<{ audit: Audit }>(`/audits/${encodeURIComponent(id)}`), [id]);
  const [diff] = useApi((a) => a.get<{ diff: AuditDiff }>(`/audits/${encodeURIComponent(id)}/diff?against=previous`), [id]);
  const [fixes, reloadFixes] = useApi((a) => a.get<{ fixes: Fix[] }>(`/audits/${encodeURIComponent(id)}/fixes`), [id]);
  const [saved, setSaved] = useState('');
  // The report is made once the fixes are read (or failed): made before, it was made again when they came, and
  // the frame reloaded under a reader (and a test) already in it.
  const settled = audit.state === 'ok' && fixes.state !== 'loading';
  const html = useReportHtml(api, settled ? audit.data.audit : null, fixes.state === 'ok' ? fixes.data.fixes : null);

  if (audit.state === 'loading') return <Loading what={t('whatAudit')} />;
  if (audit.state === 'error') return <ErrorState what={t('whatAudit')} error={audit.error} onRetry={reload} />;
  const a = audit.data.audit;
  // Page audits of a crawl carry its id (docs/api-decisions.md#crawls); the engine's Audit type does not list it.
  const crawlId = (a as { crawl_id?: unknown }).crawl_id;
  const save = async (kind: 'html' | 'json') => {
    const exporter = await import('../../lib/export/export-audit.js');
    setSaved(kind === 'json' ? exporter.exportAuditJson(a) : exporter.saveHtml(a, html ?? exporter.auditReportHtml(a)));
  };
  return (
    <section aria-labelledby="h-audit" data-audit-id={a.id}>
      <p class="crumbs small">
        <a href={routeHref({ view: 'audits' })}>{t('navAudits')}</a> /
      </p>
      <h1 id="h-audit" class="break">
        {displayUrl(a.final_url || a.url, 120)}
      </h1>
      <p class="muted">
        {t('auditFacts', a.score, formatDateTime(a.scanned_at), originLabel(a.origin))}
        {typeof crawlId === 'string' ? (
          <>
            {' '}
            · {t('auditPartOf')} <a href={routeHref({ view: 'crawl', id: crawlId })}>{t('auditACrawl')}</a>
          </>
        ) : null}
      </p>
      <SourceLine audit={a} />
      <div class="toolbar">
        <ShareButton kind="audit" id={a.id} />
        <button type="button" class="secondary" onClick={() => void save('html')} data-action="export-html">
          {t('auditDownloadHtml')}
        </button>
        <button type="button" class="secondary" onClick={() => void save('json')} data-action="export-json">
          {t('auditDownloadJson')}
        </button>
        {saved && (
          <span class="muted small" role="status">
            {t('wbSaved', saved)}
          </span>
        )}
      </div>
      <h2>{t('auditSincePrevious')}</h2>
      <PreviousDiff diff={diff} />
      <h2>{t('auditFixes')}</h2>
      <FixesPanel fixes={fixes} issues={a.issues} url={a.final_url || a.url} onRetry={reloadFixes} />
      <h2>{t('auditReport')}</h2>
      <AuditReport html={html} url={a.final_url || a.url} />
    </section>
  );
}

/**
 * The client report of the audit shown, as HTML: with the account's branding, the URL's earlier scores and,
 * once read, the fixes under their issues. Null until it is made (and again while another audit's is made).
 */
function useReportHtml(api: ApiClient, shown: Audit | null, fixes: readonly Fix[] | null): string | null {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (!shown) return;
    let cancelled = false;
    setHtml(null);
    void (async () => {
      const url = shown.final_url || shown.url;
      const [exporter, branding, history] = await Promise.all([
        import('../../lib/export/export-audit.js'),
        api.get<{ branding: Branding }>('/branding'),
        api.get<AuditList>(`/audits?limit=100&url=${encodeURIComponent(url)}`),
      ]);
      const points = history.ok
        ? history.data.audits
            .filter((a) => a.id !== shown.id && a.scanned_at < shown.scanned_at)
            .map((a) => ({ scanned_at: a.scanned_at, score: a.score }))
        : [];
      if (!cancelled)
        setHtml(exporter.auditReportHtml(shown, { branding: branding.ok ? branding.data.branding : null, history: points, fixes }));
    })();
    return () => {
      cancelled = true;
    };
  }, [shown, api, fixes]);
  return html;
}

/** What changed since the previous audit of the URL; a first audit says there is nothing to compare. */
function PreviousDiff({ diff }: { diff: Load<{ diff: AuditDiff }> }) {
  if (diff.state === 'loading') return <Loading what={t('whatComparison')} />;
  if (diff.state === 'error' && diff.status === 404) {
    return (
      <p class="muted" data-testid="diff-none">
        {t('auditFirst')}
      </p>
    );
  }
  if (diff.state === 'error') return <ErrorState what={t('whatComparison')} error={diff.error} />;
  return (
    <>
      <DiffView diff={diff.data.diff} fromLabel={t('wbPreviousAudit')} />
      <p class="small">
        <a href={routeHref({ view: 'audit', id: diff.data.diff.from })}>{t('auditOpenPrevious')}</a>
      </p>
    </>
  );
}

/** The client report in its frame, once made. */
function AuditReport({ html, url }: { html: string | null; url: string }) {
  return html === null ? <Loading what={t('whatReport')} /> : <ReportFrame html={html} title={t('auditReportOf', displayUrl(url))} />;
}
