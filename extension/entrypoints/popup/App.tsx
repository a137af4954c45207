import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Audit } from '../../../shared/types/audit.js';
import { targetTab } from '../../lib/popup/active-tab.js';
import { requestAudit } from '../../lib/popup/request-audit.js';
import { useRecords } from '../../lib/popup/use-records.js';
import { useProgress } from '../../lib/popup/use-progress.js';
import { recentAuditFor } from '../../lib/popup/recent-audit.js';
import { listRecords, loadAudit } from '../../lib/sync/records.js';
import { ERROR_PAGE_MESSAGE, NO_ACCESS_MESSAGE } from '../../lib/audit/injection-errors.js';
import { PopupReport } from '../../components/PopupReport.js';
import { Progress } from '../../components/Progress.js';
import { History } from '../../components/History.js';
import { Notice } from '../../components/Notice.js';
import { UnreadFiles } from '../../components/UnreadFiles.js';
import { Workbench } from '../../components/Workbench.js';

type Tab = { id: number; url?: string };

/** What the popup's main area shows. New views (a diff, a share link) add a kind here. */
export type View =
  | { kind: 'starting' }
  | { kind: 'working'; tab: Tab; startedAt: number }
  | { kind: 'result'; audit: Audit; cached: boolean }
  | { kind: 'restricted'; message: string }
  | { kind: 'error'; message: string };

/**
 * One click on the toolbar icon: the tab's audit from the last 10 minutes if there is one (contract
 * section 15), else a new audit with its steps shown while it runs. "Audit again" always runs one.
 */
export function App() {
  const [view, setView] = useState<View>({ kind: 'starting' });
  const [tab, setTab] = useState<Tab | null>(null);
  const records = useRecords();
  const progress = useProgress(tab?.id, view.kind === 'working');

  const run = useCallback(async (target: Tab) => {
    setView({ kind: 'working', tab: target, startedAt: Date.now() });
    const res = await requestAudit(target.id);
    if ('audit' in res) setView({ kind: 'result', audit: res.audit, cached: false });
    else setView(res.restricted ? { kind: 'restricted', message: res.error } : { kind: 'error', message: res.error });
  }, []);

  useEffect(() => {
    void (async () => {
      // Both reads at once: a cached result should be on screen as soon as possible.
      const [found, stored] = await Promise.all([targetTab(), listRecords()]);
      if (!found) return setView({ kind: 'error', message: 'No active tab was found.' });
      setTab(found);
      const recent = recentAuditFor(stored, found.url);
      const audit = recent ? await loadAudit(recent.id) : undefined;
      if (audit) setView({ kind: 'result', audit, cached: true });
      else await run(found);
    })();
  }, [run]);

  const again = () => tab && void run(tab);
  const open = async (id: string) => {
    const audit = await loadAudit(id);
    if (audit) setView({ kind: 'result', audit, cached: true });
  };
  const shown = view.kind === 'result' ? view.audit : null;
  const record = shown ? records.find((r) => r.id === shown.id) : undefined;
  const busy = view.kind === 'working' || view.kind === 'starting';

  return (
    <div class="popup">
      <header class="bar">
        <h1>Citable</h1>
        <div class="bar-actions">
          <button type="button" onClick={again} disabled={busy || !tab}>
            Audit again
          </button>
          <button type="button" class="secondary" onClick={() => void browser.runtime.openOptionsPage()}>
            Options
          </button>
        </div>
      </header>
      <main>
        {view.kind === 'working' && <Progress startedAt={view.startedAt} progress={progress} {...(view.tab.url ? { url: view.tab.url } : {})} />}
        {view.kind === 'restricted' && <Notice tone="info" title={restrictedTitle(view.message)} message={view.message} />}
        {view.kind === 'error' && <Notice tone="error" title="The audit failed" message={view.message} />}
        {shown && (
          <>
            {view.kind === 'result' && view.cached && (
              <p class="muted small cached-note" data-testid="cached-note">
                Audited {ago(shown.scanned_at)}. “Audit again” runs a new audit.
              </p>
            )}
            <UnreadFiles notes={record?.notes} onGranted={again} />
            <Workbench audit={shown} record={record} />
            <PopupReport audit={shown} record={record} />
          </>
        )}
      </main>
      <History records={records} current={shown?.id} onOpen={(id) => void open(id)} />
    </div>
  );
}

function restrictedTitle(message: string): string {
  if (message === NO_ACCESS_MESSAGE) return 'Click the Citable icon to audit this page';
  if (message === ERROR_PAGE_MESSAGE) return 'The page did not load';
  return 'This page cannot be audited';
}

function ago(iso: string): string {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (s < 60) return s <= 5 ? 'just now' : `${s} s ago`;
  const m = Math.round(s / 60);
  return `${m} minute${m === 1 ? '' : 's'} ago`;
}
