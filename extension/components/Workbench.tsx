import { useEffect, useState } from 'preact/hooks';
import type { ComponentChildren, ComponentType } from 'preact';
import { browser } from 'wxt/browser';
import type { Audit } from '../../shared/types/audit.js';
import { createApiClient, type ApiClient } from '../lib/api/client.js';
import { isConfigured, loadSettings } from '../lib/settings.js';
import { loadAudit, listRecords, type AuditRecord } from '../lib/sync/records.js';
import type { DiffOutcome } from '../lib/popup/audit-diff-source.js';
import type { ShareOutcome } from '../lib/popup/share-link.js';
import type { AuditDiff } from '../../shared/diff/audit-diff.js';
import { MenuItem, MoreMenu } from './MoreMenu.js';

type Busy = 'diff' | 'share' | 'html' | 'json' | null;
type DiffShown = { outcome: DiffOutcome; View: ComponentType<{ diff: AuditDiff; fromLabel: string }> };

/**
 * What can be done with the audit shown: one primary action ("Audit again") and the rest in a menu: open it
 * in the dashboard, compare it with the previous audit of the URL, export it (the HTML client report, JSON),
 * copy a share link, audit the whole site, Options. Everything heavier than a button (the diff, the report
 * renderer, the site crawl) loads when pressed, so the first paint stays small.
 */
export function Workbench({ audit, record, onAgain, againDisabled }: WorkbenchProps) {
  const api = useBackend();
  const SiteCrawl = useSiteCrawl(api);
  const [crawling, setCrawling] = useState(false);
  const { busy, diff, share, saved, compare, exportAs, shareLink } = useAuditActions(audit, api);
  useEffect(() => setCrawling(false), [audit.id]);

  const synced = !!api && record?.sync.state === 'synced';
  const shareBlocked = !api
    ? 'Set a backend in Options to share links.'
    : !synced
      ? 'The audit is not on the backend yet: share it once it is synced.'
      : '';
  const openDashboard = () => {
    const hash = synced ? `#/audits/${encodeURIComponent(audit.id)}` : '';
    void browser.tabs.create({ url: `${browser.runtime.getURL('/dashboard.html')}${hash}` });
  };

  return (
    <section class="workbench" aria-label="Actions on this audit">
      <ActionBar onAgain={onAgain} againDisabled={againDisabled}>
        <WorkbenchItems
          synced={synced}
          busy={busy}
          shareBlocked={shareBlocked}
          crawlBlocked={api ? '' : 'Set a backend in Options to audit whole sites.'}
          onDashboard={openDashboard}
          onCompare={() => void compare()}
          onExport={(kind) => void exportAs(kind)}
          onShare={() => void shareLink()}
          onCrawl={() => setCrawling(true)}
        />
      </ActionBar>
      {api && SiteCrawl && crawling && <SiteCrawl api={api} pageUrl={audit.final_url || audit.url} />}
      {saved && (
        <p class="muted small" role="status" data-testid="export-saved">
          Saved {saved}
        </p>
      )}
      {share && <ShareResult share={share} />}
      {diff && <DiffResult diff={diff} />}
    </section>
  );
}

interface WorkbenchProps {
  audit: Audit;
  record: AuditRecord | undefined;
  onAgain: () => void;
  againDisabled: boolean;
}

/** The primary action and the menu of the others: the same bar over a result, a message or a failure. */
export function ActionBar({
  onAgain,
  againDisabled,
  children,
}: {
  onAgain: () => void;
  againDisabled: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class="action-bar">
      <button type="button" class="primary" onClick={onAgain} disabled={againDisabled} data-action="again">
        Audit again
      </button>
      <MoreMenu label="More actions">{children}</MoreMenu>
    </div>
  );
}

/** The menu item that opens Options (every menu of the popup ends with it). */
export function OptionsItem() {
  return (
    <MenuItem action="options" onClick={() => void browser.runtime.openOptionsPage()}>
      Options
    </MenuItem>
  );
}

/** The backend client when Options name one, else null. */
function useBackend(): ApiClient | null {
  const [api, setApi] = useState<ApiClient | null>(null);
  useEffect(() => {
    void loadSettings().then((s) => setApi(isConfigured(s) ? createApiClient(s) : null));
  }, []);
  return api;
}

/** "Audit this site" needs a backend: its code loads once one is known, off the first paint. */
function useSiteCrawl(api: ApiClient | null) {
  const [SiteCrawl, setSiteCrawl] = useState<typeof import('./SiteCrawl.js').SiteCrawl | null>(null);
  useEffect(() => {
    if (api && !SiteCrawl) void import('./SiteCrawl.js').then((m) => setSiteCrawl(() => m.SiteCrawl));
  }, [api, SiteCrawl]);
  return SiteCrawl;
}

/** Compare, export and share, each loading its code when pressed; what they gave is cleared for another audit. */
function useAuditActions(audit: Audit, api: ApiClient | null) {
  const [busy, setBusy] = useState<Busy>(null);
  const [diff, setDiff] = useState<DiffShown | null>(null);
  const [share, setShare] = useState<ShareOutcome | null>(null);
  const [saved, setSaved] = useState('');
  useEffect(() => {
    setDiff(null);
    setShare(null);
    setSaved('');
  }, [audit.id]);

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
  return { busy, diff, share, saved, compare, exportAs, shareLink };
}

/** The menu's items; `synced`: the audit is on the configured backend. A disabled item says why. */
function WorkbenchItems(props: {
  synced: boolean;
  busy: Busy;
  shareBlocked: string;
  crawlBlocked: string;
  onDashboard: () => void;
  onCompare: () => void;
  onExport: (kind: 'html' | 'json') => void;
  onShare: () => void;
  onCrawl: () => void;
}) {
  const { synced, busy, shareBlocked, crawlBlocked } = props;
  return (
    <>
      <MenuItem action="dashboard" onClick={props.onDashboard}>
        {synced ? 'Open in dashboard' : 'Dashboard'}
      </MenuItem>
      <MenuItem action="diff" onClick={props.onCompare} disabled={busy === 'diff'}>
        Compare with previous
      </MenuItem>
      <MenuItem action="export-html" onClick={() => props.onExport('html')} disabled={busy === 'html'}>
        Export HTML report
      </MenuItem>
      <MenuItem action="export-json" onClick={() => props.onExport('json')} disabled={busy === 'json'}>
        Export JSON
      </MenuItem>
      <MenuItem action="share" onClick={props.onShare} disabled={!!shareBlocked || busy === 'share'} why={shareBlocked || undefined}>
        Copy share link
      </MenuItem>
      <MenuItem action="crawl" onClick={props.onCrawl} disabled={!!crawlBlocked} why={crawlBlocked || undefined}>
        Audit this site
      </MenuItem>
      <OptionsItem />
    </>
  );
}

/** The share link made (copied, or to copy by hand), or why none could be. */
function ShareResult({ share }: { share: ShareOutcome }) {
  if ('error' in share) {
    return (
      <p key="error" class="error small" role="alert">
        Could not make a share link: {share.error}
      </p>
    );
  }
  return (
    <p key="link" class="small" role="status" data-testid="share-link">
      {share.copied ? 'Link copied: ' : 'Copy this link: '}
      <input class="share-url" readOnly value={share.url} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />{' '}
      <span class="muted">until {share.expiresAt.slice(0, 10)}</span>
    </p>
  );
}

/** The comparison with the previous audit, or why there is none. */
function DiffResult({ diff }: { diff: DiffShown }) {
  const { outcome, View } = diff;
  if ('message' in outcome) {
    return (
      <p class="muted small" role="status" data-testid="diff-message">
        {outcome.message}
      </p>
    );
  }
  return (
    <View
      diff={outcome.diff}
      fromLabel={`${outcome.previousAt ? new Date(outcome.previousAt).toLocaleString() : 'the previous audit'}${outcome.source === 'browser' ? ' (this browser)' : ''}`}
    />
  );
}
