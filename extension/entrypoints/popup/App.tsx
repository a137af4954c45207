import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Audit } from '../../../shared/types/audit.js';
import type { AuditResponse } from '../../lib/messages.js';
import { takeFirstLook, type FirstLook, type FirstLookApi, type Tab } from '../../lib/popup/first-look.js';
import { requestAudit } from '../../lib/popup/request-audit.js';
import { useRecords } from '../../lib/popup/use-records.js';
import { useProgress } from '../../lib/popup/use-progress.js';
import { loadAudit, type AuditRecord } from '../../lib/sync/records.js';
import { ERROR_PAGE_MESSAGE, NO_ACCESS_MESSAGE } from '../../lib/audit/injection-errors.js';
import { PopupReport } from '../../components/PopupReport.js';
import { Progress } from '../../components/Progress.js';
import { History } from '../../components/History.js';
import { Notice } from '../../components/Notice.js';
import { UnreadFiles } from '../../components/UnreadFiles.js';
import { ActionBar, OptionsItem, Workbench } from '../../components/Workbench.js';
import { t, tp } from '../../lib/i18n/t.js';

/** What the popup's main area shows. New views (a diff, a share link) add a kind here. */
export type View =
  | { kind: 'starting' }
  | { kind: 'working'; tab: Tab; startedAt: number }
  | { kind: 'result'; audit: Audit; cached: boolean }
  | { kind: 'restricted'; message: string }
  | { kind: 'error'; message: string };

/**
 * One click on the toolbar icon: the tab's audit from the last 10 minutes if there is one (docs/api-decisions.md#extension), else a new audit with its steps shown while it runs. "Audit again" always runs one.
 * `first`: the first look main.tsx waited for, so the first paint is already the result (or the progress).
 */
export function App({ first }: { first?: FirstLook | undefined }) {
  const [view, setView] = useState<View>(() => (first ? viewOf(first) : { kind: 'starting' }));
  const [tab, setTab] = useState<Tab | null>(first?.tab ?? null);
  const records = useRecords(first?.records);
  const progress = useProgress(tab?.id, view.kind === 'working');

  const show = useCallback(async (target: Tab, startedAt: number, response: Promise<AuditResponse>) => {
    setView({ kind: 'working', tab: target, startedAt });
    const res = await response;
    if ('audit' in res) setView({ kind: 'result', audit: res.audit, cached: false });
    else setView(res.restricted ? { kind: 'restricted', message: res.error } : { kind: 'error', message: res.error });
  }, []);
  const run = useCallback((target: Tab) => show(target, Date.now(), requestAudit(target.id)), [show]);

  useEffect(() => {
    void (async () => {
      let look: FirstLook;
      try {
        look = first ?? (await takeFirstLook(browser as unknown as FirstLookApi, location.search));
      } catch (err) {
        // The tab or the history could not be read (the browser refused): say so instead of waiting forever.
        return setView({ kind: 'error', message: t('popupTabUnreadable', err instanceof Error ? err.message : String(err)) });
      }
      setTab(look.tab);
      setView(viewOf(look));
      if (look.tab && !look.recent && look.request) await show(look.tab, look.request.startedAt, look.request.response);
    })();
  }, [first, show]);

  const acted = useFocusAfterAction(view);
  const again = () => {
    acted.current = true;
    if (tab) void run(tab);
  };
  const open = async (id: string) => {
    const audit = await loadAudit(id);
    acted.current = true;
    if (audit) setView({ kind: 'result', audit, cached: true });
  };
  const shown = view.kind === 'result' ? view.audit : null;
  const busy = view.kind === 'working' || view.kind === 'starting';

  return (
    <div class="popup">
      <header class="bar">
        <h1>Citable</h1>
      </header>
      <PopupMain view={view} progress={progress} records={records} onAgain={again} againDisabled={busy || !tab} />
      <History records={records} current={shown?.id} onOpen={(id) => void open(id)} />
      {/* Stays in the page, so a screen reader hears each change: the audit under way, its result, a failure. */}
      <p class="sr-only" role="status" data-testid="announcer">
        {announcement(view)}
      </p>
    </div>
  );
}

/** What the popup now shows, in one sentence for a screen reader. */
function announcement(view: View): string {
  if (view.kind === 'working') return t('popupAnnounceWorking');
  if (view.kind === 'result') {
    const critical = view.audit.issues.filter((i) => i.severity === 'critical').length;
    return tp('popupAnnounceDone', critical, view.audit.score);
  }
  if (view.kind === 'error') return t('popupAnnounceFailed', view.message);
  if (view.kind === 'restricted') return restrictedTitle(view.message);
  return '';
}

/**
 * After the user's own action (Audit again, a history entry) the button pressed goes away or is disabled:
 * focus moves to what replaced it (the progress, then the new result's primary action, or the message),
 * never to the page's body. Returns the flag the actions set.
 */
function useFocusAfterAction(view: View) {
  const acted = useRef(false);
  useEffect(() => {
    if (!acted.current) return;
    const target = { working: '.progress', result: '[data-action="again"]', error: '.notice', restricted: '.notice', starting: '' }[
      view.kind
    ];
    const el = target ? document.querySelector<HTMLElement>(target) : null;
    if (el) el.focus();
    if (view.kind !== 'working') acted.current = false;
  }, [view]);
  return acted;
}

/** The popup's main area for each view: the progress, a message, or the audit; the actions under them. */
function PopupMain({
  view,
  progress,
  records,
  onAgain,
  againDisabled,
}: {
  view: View;
  progress: ReturnType<typeof useProgress>;
  records: AuditRecord[];
  onAgain: () => void;
  againDisabled: boolean;
}) {
  const shown = view.kind === 'result' ? view.audit : null;
  return (
    <main>
      {view.kind === 'working' && (
        <Progress startedAt={view.startedAt} progress={progress} {...(view.tab.url ? { url: view.tab.url } : {})} />
      )}
      {view.kind === 'restricted' && <Notice tone="info" title={restrictedTitle(view.message)} message={view.message} />}
      {view.kind === 'error' && <Notice tone="error" title={t('popupAuditFailed')} message={view.message} />}
      {!shown && view.kind !== 'starting' && (
        <ActionBar onAgain={onAgain} againDisabled={againDisabled}>
          <OptionsItem />
        </ActionBar>
      )}
      {shown && (
        <ShownAudit
          audit={shown}
          cached={view.kind === 'result' && view.cached}
          record={records.find((r) => r.id === shown.id)}
          onAgain={onAgain}
          againDisabled={againDisabled}
        />
      )}
    </main>
  );
}

/**
 * An audit's result: its score, verdict and critical issues first, then the actions (when it was made, if it
 * is a recent one; files it could not read), then the rest of the report.
 */
function ShownAudit({
  audit,
  cached,
  record,
  onAgain,
  againDisabled,
}: {
  audit: Audit;
  cached: boolean;
  record: AuditRecord | undefined;
  onAgain: () => void;
  againDisabled: boolean;
}) {
  const actions = (
    <>
      <Workbench audit={audit} record={record} onAgain={onAgain} againDisabled={againDisabled} />
      {cached && (
        <p class="muted small cached-note" data-testid="cached-note">
          {t('popupAuditedAgo', ago(audit.scanned_at))}
        </p>
      )}
      <UnreadFiles notes={record?.notes} onGranted={onAgain} />
    </>
  );
  return <PopupReport audit={audit} record={record} actions={actions} />;
}

/** What the first look shows at once: the recent audit, or the audit under way (its answer comes later). */
function viewOf(look: FirstLook): View {
  if (!look.tab) return { kind: 'error', message: t('popupNoActiveTab') };
  if (look.recent) return { kind: 'result', audit: look.recent, cached: true };
  return look.request ? { kind: 'working', tab: look.tab, startedAt: look.request.startedAt } : { kind: 'starting' };
}

function restrictedTitle(message: string): string {
  if (message === NO_ACCESS_MESSAGE) return t('popupRestrictedNoAccess');
  if (message === ERROR_PAGE_MESSAGE) return t('popupRestrictedErrorPage');
  return t('popupRestrictedOther');
}

function ago(iso: string): string {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (s < 60) return s <= 5 ? t('agoJustNow') : t('agoSeconds', s);
  const m = Math.round(s / 60);
  return tp('agoMinutes', m);
}
