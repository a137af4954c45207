import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Audit } from '../../../shared/types/audit.js';
import { targetTab } from '../../lib/popup/active-tab.js';
import { requestAudit } from '../../lib/popup/request-audit.js';
import { useRecords } from '../../lib/popup/use-records.js';
import { loadAudit } from '../../lib/sync/records.js';
import { AuditReport } from '../../components/AuditReport.js';
import { Progress } from '../../components/Progress.js';
import { History } from '../../components/History.js';
import { Notice } from '../../components/Notice.js';

type View =
  | { kind: 'working'; url?: string }
  | { kind: 'result'; audit: Audit }
  | { kind: 'restricted'; message: string }
  | { kind: 'error'; message: string };

/** One click on the toolbar icon audits the active tab; the history below lists earlier audits. */
export function App() {
  const [view, setView] = useState<View>({ kind: 'working' });
  const records = useRecords();

  const run = useCallback(async () => {
    setView({ kind: 'working' });
    const tab = await targetTab();
    if (!tab) return setView({ kind: 'error', message: 'No active tab was found.' });
    setView({ kind: 'working', ...(tab.url ? { url: tab.url } : {}) });
    const res = await requestAudit(tab.id);
    if ('audit' in res) setView({ kind: 'result', audit: res.audit });
    else setView(res.restricted ? { kind: 'restricted', message: res.error } : { kind: 'error', message: res.error });
  }, []);

  useEffect(() => void run(), [run]);

  const open = async (id: string) => {
    const audit = await loadAudit(id);
    if (audit) setView({ kind: 'result', audit });
  };
  const current = view.kind === 'result' ? view.audit.id : undefined;

  return (
    <div class="popup">
      <header class="bar">
        <h1>Citable</h1>
        <div class="bar-actions">
          <button type="button" onClick={() => void run()} disabled={view.kind === 'working'}>
            Audit this page
          </button>
          <button type="button" class="secondary" onClick={() => void browser.runtime.openOptionsPage()}>
            Options
          </button>
        </div>
      </header>
      <main>
        {view.kind === 'working' && <Progress {...(view.url ? { url: view.url } : {})} />}
        {view.kind === 'restricted' && <Notice tone="info" title="This page cannot be audited" message={view.message} />}
        {view.kind === 'error' && <Notice tone="error" title="The audit failed" message={view.message} />}
        {view.kind === 'result' && <AuditReport audit={view.audit} record={records.find((r) => r.id === view.audit.id)} />}
      </main>
      <History records={records} current={current} onOpen={(id) => void open(id)} />
    </div>
  );
}
