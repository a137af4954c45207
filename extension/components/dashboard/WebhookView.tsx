import type { Delivery, Webhook } from '../../lib/api/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { useApi } from './use-api.js';
import { ActionError, ListStates } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { deliveryState } from '../../lib/dashboard/delivery-state.js';
import { t, type MessageKey } from '../../lib/i18n/t.js';
import { formatDateTime } from '../../lib/i18n/format.js';
import { useMemo, useState } from 'preact/hooks';
import { WebhookEdit } from './WebhookEdit.js';

/** deliveryState()'s English labels in the user's language. */
const STATE_WORDS: Record<string, MessageKey> = {
  Delivered: 'dashDeliveryDelivered',
  'Failed, no more attempts': 'dashDeliveryFailed',
  'Failing, retrying': 'dashDeliveryFailing',
  Waiting: 'dashDeliveryWaiting',
};

/** One webhook's delivery log (`GET /webhooks/{id}/deliveries`): every event, its status and each attempt. */
export function WebhookView({ id }: { id: string }) {
  const { api } = useDashboard();
  const [hooks, reloadHooks] = useApi((a) => a.get<{ webhooks: Webhook[] }>('/webhooks'), []);
  const [redone, setRedone] = useState('');
  const [log, reload] = useApi((a) => a.get<{ deliveries: Delivery[] }>(`/webhooks/${encodeURIComponent(id)}/deliveries`), [id]);
  const { busy, error, run } = useAction();
  const hook = hooks.state === 'ok' ? hooks.data.webhooks.find((w) => w.id === id) : undefined;
  const redeliver = async (d: Delivery) => {
    setRedone('');
    const res = await run(`redeliver:${d.id}`, () =>
      api.post(`/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(d.id)}/redeliver`),
    );
    if (res.ok) setRedone(t('dashHookRedelivered'));
    reload();
  };
  const ping = async () => {
    await run('ping', () => api.post(`/webhooks/${encodeURIComponent(id)}/test`));
    reload();
  };
  return (
    <section aria-labelledby="h-webhook">
      <p class="crumbs small">
        <a href={routeHref({ view: 'webhooks' })}>{t('navWebhooks')}</a> /
      </p>
      <h1 id="h-webhook" class="break">
        {t('dashHookDeliveriesTo', hook ? displayUrl(hook.url) : id)}
      </h1>
      <div class="toolbar">
        <WriteButton class="secondary" onClick={() => void ping()} busy={busy !== ''} action="test">
          {t('dashHookSendPing')}
        </WriteButton>
        <button type="button" class="secondary" onClick={reload}>
          {t('dashRefresh')}
        </button>
      </div>
      {hook && <WebhookEdit webhook={hook} onSaved={reloadHooks} />}
      {error && <ActionError error={error} />}
      <p role="status" class="ok">
        {redone}
      </p>
      <ListStates load={log} what={t('dashWhatDeliveryLog')} items={(d) => d.deliveries} empty={t('dashHookNothingSent')} onRetry={reload}>
        {(deliveries) => <DeliveriesTable deliveries={deliveries} busy={busy} onRedeliver={(d) => void redeliver(d)} />}
      </ListStates>
    </section>
  );
}

/** Each delivery: its event, status, attempts (each one's answer under "Attempts"), when made and next tried. */
const DELIVERY_COLUMNS: readonly TableColumn<Delivery>[] = [
  { id: 'event', label: t('dashColEvent'), sort: (d) => d.type, csv: (d) => d.type, cell: (d) => <strong>{d.type}</strong> },
  { id: 'event_id', label: t('dashColEventId'), csv: (d) => d.event_id, text: false, cell: (d) => <code class="small">{d.event_id}</code> },
  {
    id: 'status',
    label: t('dashColStatus'),
    sort: (d) => deliveryState(d).label,
    csv: (d) => deliveryState(d).label,
    cell: (d) => <span class={`status status-${deliveryState(d).tone}`}>{statusWords(d)}</span>,
  },
  { id: 'attempts', label: t('dashColAttempts'), num: true, sort: (d) => d.attempts, csv: (d) => d.attempts },
  {
    id: 'answer',
    label: t('dashColLastAnswer'),
    sort: (d) => d.last_status_code,
    csv: (d) => [d.last_status_code ?? '', d.last_error ?? ''].filter(String).join(' '),
    cell: (d) => <LastAnswer delivery={d} />,
  },
  {
    id: 'created',
    label: t('dashColCreated'),
    sort: (d) => d.created_at,
    csv: (d) => d.created_at,
    cell: (d) => when(d.created_at),
    td: () => ({ class: 'nowrap' }),
  },
  {
    id: 'next',
    label: t('dashColNextAttempt'),
    sort: (d) => d.next_attempt_at,
    csv: (d) => d.next_attempt_at,
    cell: (d) => when(d.next_attempt_at),
    td: () => ({ class: 'nowrap' }),
  },
];

/** "Failing, retrying (attempt 2, next at 28 Nov 2026, 14:05)" for a delivery the API calls pending after failures. */
function statusWords(d: Delivery): string {
  const state = deliveryState(d);
  return d.status === 'pending' && state.tone === 'failed' && d.next_attempt_at
    ? t('dashHookRetrying', d.attempts, formatDateTime(d.next_attempt_at))
    : STATE_WORDS[state.label]
      ? t(STATE_WORDS[state.label]!)
      : state.label;
}

function DeliveriesTable({
  deliveries,
  busy,
  onRedeliver,
}: {
  deliveries: readonly Delivery[];
  busy: string;
  onRedeliver: (d: Delivery) => void;
}) {
  const columns = useMemo<readonly TableColumn<Delivery>[]>(
    () => [
      ...DELIVERY_COLUMNS,
      {
        id: 'actions',
        label: t('dashActions'),
        export: false,
        text: false,
        csv: () => '',
        cell: (d) => (
          <WriteButton
            class="secondary small"
            busy={busy === `redeliver:${d.id}`}
            onClick={() => onRedeliver(d)}
            context={d.type}
            action="redeliver"
          >
            {t('dashHookRedeliver')}
          </WriteButton>
        ),
      },
    ],
    [busy, onRedeliver],
  );
  return (
    <DataTable
      rows={deliveries}
      columns={columns}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ 'data-delivery-id': d.id, 'data-status': d.status })}
      label={t('dashHookDeliveries')}
      exportName="deliveries"
      tableClass="deliveries"
    />
  );
}

/** The last answer's status code and error, and every attempt under "Attempts". */
function LastAnswer({ delivery: d }: { delivery: Delivery }) {
  return (
    <>
      {d.last_status_code ?? '—'}
      {d.last_error && <span class="error small"> {d.last_error}</span>}
      {d.log.length > 0 && (
        <details>
          <summary class="small">{t('dashColAttempts')}</summary>
          <ol class="small attempts">
            {d.log.map((a, i) => (
              <li key={i}>
                {when(a.at)}:{' '}
                {t('dashAttemptIn', a.status_code === null ? t('dashNoAnswer') : String(a.status_code), String(a.duration_ms))}
                {a.error ? `, ${a.error}` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
