import { useMemo, useState } from 'preact/hooks';
import type { Monitor } from '../../lib/api/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { useApi } from './use-api.js';
import { ActionError, ListStates } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { MonitorScore } from './MonitorScore.js';
import { DoneNote, useConfirm } from './ConfirmDialog.js';
import type { ApiResult } from '../../lib/api/client.js';
import { UrlField } from './UrlField.js';
import { MonitorEvery } from './MonitorEdit.js';
import { useProjectFilter } from './ProjectFilter.js';
import { t, type MessageKey } from '../../lib/i18n/t.js';

/** How often, within a sentence ("is no longer audited every day"). */
const EVERY_PHRASE: Record<Monitor['every'], MessageKey> = {
  hour: 'dashMonEveryPhraseHour',
  day: 'dashMonEveryPhraseDay',
  week: 'dashMonEveryPhraseWeek',
};
/** A monitor's state in words (the data attribute keeps the English name). */
const STATE_NAME: Record<ReturnType<typeof monitorState>, MessageKey> = {
  paused: 'dashMonPaused',
  running: 'dashMonRunning',
  active: 'dashMonActive',
};

/** Monitors (docs/api-decisions.md#monitors-and-webhooks): the URLs audited or crawled every hour, day or week; create, run now, pause or resume, delete. */
export function MonitorsView() {
  const { api, caps } = useDashboard();
  const [list, reload] = useApi((a) => a.get<{ monitors: Monitor[] }>('/monitors'), []);
  const { busy, error, run } = useAction();
  const { dialog, ask } = useConfirm();
  const [done, setDone] = useState('');
  const client = useProjectFilter();
  const act = async (key: string, request: () => Promise<ApiResult<unknown>>, said = '') => {
    setDone('');
    if ((await run(key, request)).ok && said) setDone(said);
    reload();
  };
  const remove = async (m: Monitor) => {
    const yes = await ask({
      title: t('dashMonDeleteTitle', displayUrl(m.url)),
      body: <p>{t(m.kind === 'crawl' ? 'dashMonDeleteBodyCrawl' : 'dashMonDeleteBodyAudit', t(EVERY_PHRASE[m.every]))}</p>,
      confirm: t('dashMonDelete'),
      keep: t('dashMonKeep'),
    });
    if (yes) await act(`del:${m.id}`, () => api.del(`/monitors/${m.id}`), t('dashMonDeleted', displayUrl(m.url)));
  };
  return (
    <section aria-labelledby="h-monitors">
      <h1 id="h-monitors">{t('navMonitors')}</h1>
      <p class="muted">{t('dashMonIntro')}</p>
      <NewMonitor onCreated={reload} disabled={caps?.crawls === false} />
      {error && <ActionError error={error} />}
      <DoneNote text={done} />
      {dialog}
      {client.select && <div class="filters">{client.select}</div>}
      <ListStates
        load={list}
        what={t('dashWhatMonitors')}
        items={(d) => client.only(d.monitors, (m) => m.url)}
        empty={client.empty(t('dashMonNone'))}
        onRetry={reload}
      >
        {(monitors) => (
          <MonitorsTable
            monitors={monitors}
            busy={busy}
            onRun={(m) => void act(`run:${m.id}`, () => api.post(`/monitors/${m.id}/run`))}
            onPause={(m) => void act(`pause:${m.id}`, () => api.patch(`/monitors/${m.id}`, { paused: !m.paused }))}
            onDelete={(m) => void remove(m)}
            onChanged={reload}
          />
        )}
      </ListStates>
      <PausedNote />
    </section>
  );
}

interface MonitorActions {
  /** The key of the write running ('' when none). */
  busy: string;
  onRun: (m: Monitor) => void;
  onPause: (m: Monitor) => void;
  onDelete: (m: Monitor) => void;
}

const MONITOR_COLUMNS: readonly TableColumn<Monitor>[] = [
  {
    id: 'url',
    label: t('dashMonUrl'),
    sort: (m) => displayUrl(m.url, 2_000),
    csv: (m) => m.url,
    cell: (m) => displayUrl(m.url),
    td: () => ({ class: 'url-cell' }),
  },
  {
    id: 'what',
    label: t('dashColWhat'),
    sort: (m) => m.kind,
    csv: (m) => (m.kind === 'crawl' ? `crawl (${m.max_pages ?? 100} pages)` : 'audit'),
  },
  {
    id: 'state',
    label: t('dashColState'),
    sort: monitorState,
    csv: monitorState,
    td: () => ({ class: 'nowrap' }),
    cell: (m) => (
      <>
        <span class={`status status-${monitorState(m)}`} data-monitor-state={monitorState(m)}>
          {t(STATE_NAME[monitorState(m)])}
        </span>
        {m.paused_at && <span class="muted small"> {t('dashMonSince', when(m.paused_at))}</span>}
      </>
    ),
  },
  { id: 'last', label: t('dashColLastRun'), sort: (m) => m.last_run_at, csv: (m) => m.last_run_at, cell: (m) => <LastRun monitor={m} /> },
  { id: 'score', label: t('dashColLastScore'), text: false, csv: () => '', export: false, cell: (m) => <MonitorScore monitor={m} /> },
  {
    id: 'next',
    label: t('dashColNextRun'),
    sort: (m) => (m.paused ? null : m.next_run_at),
    csv: (m) => (m.paused ? '' : m.next_run_at),
    td: () => ({ class: 'nowrap' }),
    cell: (m) => (m.paused ? <span class="muted">{t('dashMonNoneWhilePaused')}</span> : when(m.next_run_at)),
  },
];

function MonitorsTable({
  monitors,
  busy,
  onRun,
  onPause,
  onDelete,
  onChanged,
}: { monitors: readonly Monitor[]; onChanged: () => void } & MonitorActions) {
  const columns = useMemo<readonly TableColumn<Monitor>[]>(
    () => [
      ...MONITOR_COLUMNS.slice(0, 2),
      {
        id: 'every',
        label: t('dashMonEvery'),
        sort: (m) => ['hour', 'day', 'week'].indexOf(m.every),
        csv: (m) => m.every,
        cell: (m) => <MonitorEvery monitor={m} onChanged={onChanged} />,
      },
      ...MONITOR_COLUMNS.slice(2),
      {
        id: 'actions',
        label: t('dashActions'),
        export: false,
        text: false,
        csv: () => '',
        td: () => ({ class: 'row-actions' }),
        cell: (m) => <MonitorButtons monitor={m} busy={busy} onRun={onRun} onPause={onPause} onDelete={onDelete} />,
      },
    ],
    [busy, onRun, onPause, onDelete, onChanged],
  );
  return (
    <DataTable
      rows={monitors}
      columns={columns}
      rowKey={(m) => m.id}
      rowProps={(m) => ({ 'data-monitor-id': m.id, 'data-paused': m.paused ? 'true' : 'false' })}
      label={t('navMonitors')}
      exportName="monitors"
    />
  );
}

/** When it last ran (or that it runs now), a link to the audit it made, and its last error. */
function LastRun({ monitor: m }: { monitor: Monitor }) {
  return (
    <>
      {m.running ? t('dashMonRunningNow') : when(m.last_run_at)}
      {m.last_result_id && m.kind === 'audit' && (
        <>
          {' '}
          <a href={routeHref({ view: 'audit', id: m.last_result_id })}>{t('dashMonResult')}</a>
        </>
      )}
      {m.last_error && <span class="error small"> {m.last_error}</span>}
    </>
  );
}

/** Run now (not while paused), pause or resume, delete. */
function MonitorButtons({ monitor: m, busy, onRun, onPause, onDelete }: { monitor: Monitor } & MonitorActions) {
  return (
    <>
      {!m.paused && (
        <WriteButton
          class="secondary small"
          busy={busy === `run:${m.id}`}
          onClick={() => onRun(m)}
          context={t('dashMonContext', m.url)}
          action="run"
        >
          {t('dashMonRunNow')}
        </WriteButton>
      )}
      <WriteButton
        class="secondary small"
        busy={busy === `pause:${m.id}`}
        onClick={() => onPause(m)}
        context={t('dashMonContext', m.url)}
        action={m.paused ? 'resume' : 'pause'}
      >
        {m.paused ? t('dashMonResume') : t('dashMonPause')}
      </WriteButton>
      <WriteButton
        class="danger small"
        busy={busy === `del:${m.id}`}
        onClick={() => onDelete(m)}
        context={t('dashMonContext', m.url)}
        action="delete"
      >
        {t('dashDelete')}
      </WriteButton>
    </>
  );
}

function monitorState(m: Monitor): 'paused' | 'running' | 'active' {
  return m.paused ? 'paused' : m.running ? 'running' : 'active';
}

function NewMonitor({ onCreated, disabled }: { onCreated: () => void; disabled: boolean }) {
  const { api } = useDashboard();
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<'audit' | 'crawl'>('audit');
  const [every, setEvery] = useState<'hour' | 'day' | 'week'>('day');
  const [maxPages, setMaxPages] = useState('100');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const body = { url: url.trim(), kind, every, ...(kind === 'crawl' ? { max_pages: Number(maxPages) } : {}) };
    const res = await run('create', () => api.post('/monitors', body));
    if (!res.ok) return;
    setUrl('');
    onCreated();
  };
  return (
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label={t('dashMonNew')}>
      <UrlField label={t('dashMonUrl')} name="url" value={url} onInput={setUrl} placeholder={t('dashMonUrlExample')} />
      <label>
        {t('dashColWhat')}
        <select value={kind} onChange={(e) => setKind(e.currentTarget.value as 'audit' | 'crawl')}>
          <option value="audit">{t('dashMonAuditPage')}</option>
          <option value="crawl" disabled={disabled}>
            {t('dashMonCrawlSite')}
            {disabled ? ` ${t('dashMonNotOnServer')}` : ''}
          </option>
        </select>
      </label>
      <label>
        {t('dashMonEvery')}
        <select value={every} onChange={(e) => setEvery(e.currentTarget.value as 'hour' | 'day' | 'week')}>
          <option value="hour">{t('dashMonHour')}</option>
          <option value="day">{t('dashMonDay')}</option>
          <option value="week">{t('dashMonWeek')}</option>
        </select>
      </label>
      {kind === 'crawl' && (
        <label>
          {t('dashPagesAtMost')}
          <input type="number" min={1} max={10000} value={maxPages} onInput={(e) => setMaxPages(e.currentTarget.value)} />
        </label>
      )}
      <WriteButton type="submit" busy={busy !== ''} action="create-monitor">
        {t('dashMonAdd')}
      </WriteButton>
      {error && <ActionError error={error} />}
    </form>
  );
}

function PausedNote() {
  return <p class="muted small">{t('dashMonPausedNote')}</p>;
}
