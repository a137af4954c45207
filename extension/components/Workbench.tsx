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
import { t } from '../lib/i18n/t.js';
import { formatDate, formatDateTime } from '../lib/i18n/format.js';

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
  const shareBlocked = !api ? t('wbShareNeedsBackend') : !synced ? t('wbShareNotSynced') : '';
  const openDashboard = () => {
    const hash = synced ? `#/audits/${encodeURIComponent(audit.id)}` : '';
    void browser.tabs.create({ url: `${browser.runtime.getURL('/dashboard.html')}${hash}` });
  };

  return (
    <section class="workbench" aria-label={t('wbActionsLabel')}>
      <ActionBar onAgain={onAgain} againDisabled={againDisabled}>
        <WorkbenchItems
          synced={synced}
          busy={busy}
          shareBlocked={shareBlocked}
          crawlBlocked={api ? '' : t('wbCrawlNeedsBackend')}
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
          {t('wbSaved', saved)}
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
        {t('wbAuditAgain')}
      </button>
      <MoreMenu label={t('wbMoreActions')}>{children}</MoreMenu>
    </div>
  );
}

/** The menu item that opens Options (every menu of the popup ends with it). */
export function OptionsItem() {
  return (
    <MenuItem action="options" onClick={() => void browser.runtime.openOptionsPage()}>
      {t('wbOptions')}
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
        {synced ? t('wbOpenInDashboard') : t('wbDashboard')}
      </MenuItem>
      <MenuItem action="diff" onClick={props.onCompare} disabled={busy === 'diff'}>
        {t('wbCompare')}
      </MenuItem>
      <MenuItem action="export-html" onClick={() => props.onExport('html')} disabled={busy === 'html'}>
        {t('wbExportHtml')}
      </MenuItem>
      <MenuItem action="export-json" onClick={() => props.onExport('json')} disabled={busy === 'json'}>
        {t('wbExportJson')}
      </MenuItem>
      <MenuItem action="share" onClick={props.onShare} disabled={!!shareBlocked || busy === 'share'} why={shareBlocked || undefined}>
        {t('wbCopyShareLink')}
      </MenuItem>
      <MenuItem action="crawl" onClick={props.onCrawl} disabled={!!crawlBlocked} why={crawlBlocked || undefined}>
        {t('wbAuditSite')}
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
        {t('wbShareFailed', share.error)}
      </p>
    );
  }
  return (
    <p key="link" class="small" role="status" data-testid="share-link">
      {share.copied ? t('wbLinkCopied') : t('wbCopyThisLink')}{' '}
      <input class="share-url" readOnly value={share.url} aria-label={t('wbShareLink')} onFocus={(e) => e.currentTarget.select()} />{' '}
      <span class="muted">{t('wbUntil', formatDate(share.expiresAt))}</span>
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
  return <View diff={outcome.diff} fromLabel={fromLabel(outcome.previousAt, outcome.source === 'browser')} />;
}

/** "28 Nov 2026, 14:05 (this browser)": the audit a comparison starts from. */
function fromLabel(previousAt: string | null | undefined, inBrowser: boolean): string {
  const when = previousAt ? formatDateTime(previousAt) : t('wbPreviousAudit');
  return inBrowser ? t('wbThisBrowser', when) : when;
}
