import { useEffect, useState } from 'preact/hooks';
import type { ComponentType } from 'preact';
import { browser } from 'wxt/browser';
import type { Audit } from '../../shared/types/audit.js';
import { createApiClient, type ApiClient } from '../lib/api/client.js';
import { isConfigured, loadSettings } from '../lib/settings.js';
import { loadAudit, listRecords, type AuditRecord } from '../lib/sync/records.js';
import type { DiffOutcome } from '../lib/popup/audit-diff-source.js';
import type { ShareOutcome } from '../lib/popup/share-link.js';
import type { AuditDiff } from '../../shared/diff/audit-diff.js';

type Busy = 'diff' | 'share' | 'html' | 'json' | null;
type DiffShown = { outcome: DiffOutcome; View: ComponentType<{ diff: AuditDiff; fromLabel: string }> };

/**
 * The auditor's actions on the audit shown (issue 18): open it in the dashboard, compare it with the
 * previous audit of the URL, export it (the HTML client report, JSON), copy a share link. Everything
 * heavier than a button (the diff, the report renderer) loads when pressed, so the first paint stays small.
 */
export function Workbench({ audit, record }: { audit: Audit; record: AuditRecord | undefined }) {
  const [api, setApi] = useState<ApiClient | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [diff, setDiff] = useState<DiffShown | null>(null);
  const [share, setShare] = useState<ShareOutcome | null>(null);
  const [saved, setSaved] = useState('');
  // "Audit this site" needs a backend: its code loads once one is known, off the first paint.
  const [SiteCrawl, setSiteCrawl] = useState<typeof import('./SiteCrawl.js').SiteCrawl | null>(null);

  useEffect(() => {
    void loadSettings().then((s) => setApi(isConfigured(s) ? createApiClient(s) : null));
  }, []);
  useEffect(() => {
    if (api && !SiteCrawl) void import('./SiteCrawl.js').then((m) => setSiteCrawl(() => m.SiteCrawl));
  }, [api, SiteCrawl]);
  useEffect(() => {
    setDiff(null);
    setShare(null);
    setSaved('');
  }, [audit.id]);

  const synced = record?.sync.state === 'synced';
  const shareBlocked = !api
    ? 'Set a backend in Options to share links.'
    : !synced
      ? 'The audit is not on the backend yet: share it once it is synced.'
      : '';

  const compare = async () => {
    setBusy('diff');
    const [{ diffForPopup }, { DiffView }] = await Promise.all([import('../lib/popup/audit-diff-source.js'), import('./DiffView.js')]);
    setDiff({ outcome: await diffForPopup(audit, await listRecords(), api, loadAudit), View: DiffView });
    setBusy(null);
  };
  const exportAs = async (kind: 'html' | 'json') => {
    setBusy(kind);
    const exporter = await import('../lib/export/export-audit.js');
    setSaved(kind === 'html' ? exporter.exportAuditHtml(audit) : exporter.exportAuditJson(audit));
    setBusy(null);
  };
  const shareLink = async () => {
    if (!api) return;
    setBusy('share');
    const { shareAudit } = await import('../lib/popup/share-link.js');
    setShare(await shareAudit(api, audit.id, (t) => navigator.clipboard.writeText(t)));
    setBusy(null);
  };
  const openDashboard = () => {
    const hash = api && synced ? `#/audits/${encodeURIComponent(audit.id)}` : '';
    void browser.tabs.create({ url: `${browser.runtime.getURL('/dashboard.html')}${hash}` });
  };

  return (
    <section class="workbench" aria-label="Actions on this audit">
      <div class="actions">
        <button
          type="button"
          class="secondary small"
          onClick={openDashboard}
          data-action="dashboard"
          title={api && synced ? 'This audit on the backend, in the dashboard' : 'The dashboard'}
        >
          {api && synced ? 'Open in dashboard' : 'Dashboard'}
        </button>
        <button type="button" class="secondary small" onClick={() => void compare()} disabled={busy === 'diff'} data-action="diff">
          Compare with previous
        </button>
        <button
          type="button"
          class="secondary small"
          onClick={() => void exportAs('html')}
          disabled={busy === 'html'}
          data-action="export-html"
        >
          Export HTML
        </button>
        <button
          type="button"
          class="secondary small"
          onClick={() => void exportAs('json')}
          disabled={busy === 'json'}
          data-action="export-json"
        >
          Export JSON
        </button>
        <button
          type="button"
          class="secondary small"
          onClick={() => void shareLink()}
          disabled={!!shareBlocked || busy === 'share'}
          title={shareBlocked || undefined}
          data-action="share"
        >
          Copy share link
        </button>
      </div>
      {api && SiteCrawl && <SiteCrawl api={api} pageUrl={audit.final_url || audit.url} />}
      {shareBlocked && api !== null && <p class="muted small">{shareBlocked}</p>}
      {saved && (
        <p class="muted small" role="status" data-testid="export-saved">
          Saved {saved}
        </p>
      )}
      {share && 'error' in share && (
        <p class="error small" role="alert">
          Could not make a share link: {share.error}
        </p>
      )}
      {share && 'url' in share && (
        <p class="small" role="status" data-testid="share-link">
          {share.copied ? 'Link copied: ' : 'Copy this link: '}
          <input class="share-url" readOnly value={share.url} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />{' '}
          <span class="muted">until {share.expiresAt.slice(0, 10)}</span>
        </p>
      )}
      {diff && 'message' in diff.outcome && (
        <p class="muted small" role="status" data-testid="diff-message">
          {diff.outcome.message}
        </p>
      )}
      {diff && 'diff' in diff.outcome && (
        <diff.View
          diff={diff.outcome.diff}
          fromLabel={`${diff.outcome.previousAt ? new Date(diff.outcome.previousAt).toLocaleString() : 'the previous audit'}${diff.outcome.source === 'browser' ? ' (this browser)' : ''}`}
        />
      )}
    </section>
  );
}
