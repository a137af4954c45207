import { useMemo, useState } from 'preact/hooks';
import { EVENT_TYPES } from '../../lib/api/event-types.js';
import type { CreatedWebhook, Webhook } from '../../lib/api/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { useApi } from './use-api.js';
import { ActionError, ListStates } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { DoneNote, useConfirm } from './ConfirmDialog.js';
import type { ApiResult } from '../../lib/api/client.js';
import { t } from '../../lib/i18n/t.js';

/** The chat product's name, the same in every language. */
const SLACK = 'Slack';

/** Webhooks (docs/api-decisions.md#monitors-and-webhooks): where events are sent; create (the secret is shown once), test ping, delete, delivery log. */
export function WebhooksView() {
  const { api } = useDashboard();
  const [list, reload] = useApi((a) => a.get<{ webhooks: Webhook[] }>('/webhooks'), []);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [note, setNote] = useState('');
  const { busy, error, run } = useAction();
  const act = async (key: string, request: () => Promise<ApiResult<unknown>>, done: string) => {
    setNote('');
    if ((await run(key, request)).ok) setNote(done);
    reload();
  };
  const remove = useDeleteWebhook(act);
  return (
    <section aria-labelledby="h-webhooks">
      <h1 id="h-webhooks">{t('navWebhooks')}</h1>
      <p class="muted">{t('dashHooksIntro')}</p>
      <NewWebhook
        onCreated={(w) => {
          setCreated(w);
          reload();
        }}
      />
      {created && <SecretBanner created={created} onSaved={() => setCreated(null)} />}
      {error && <ActionError error={error} />}
      <DoneNote text={note} />
      {remove.dialog}
      <ListStates load={list} what={t('dashWhatWebhooks')} items={(d) => d.webhooks} empty={t('dashHooksNone')} onRetry={reload}>
        {(webhooks) => (
          <WebhooksTable
            webhooks={webhooks}
            busy={busy}
            onTest={(w) => void act(`test:${w.id}`, () => api.post(`/webhooks/${w.id}/test`), t('dashHookPingQueued', displayUrl(w.url)))}
            onDelete={(w) => void remove.ask(w)}
          />
        )}
      </ListStates>
    </section>
  );
}

/** A new webhook's signing secret, shown this once, until the user says it is saved. */
function SecretBanner({ created, onSaved }: { created: CreatedWebhook; onSaved: () => void }) {
  return (
    <div class="banner" role="status" data-testid="webhook-secret">
      <p>
        {t('dashHookCreated')} <code class="secret">{created.secret}</code>
      </p>
      <button type="button" class="secondary small" onClick={onSaved}>
        {t('dashHookSecretSaved')}
      </button>
    </div>
  );
}

const WEBHOOK_COLUMNS: readonly TableColumn<Webhook>[] = [
  {
    id: 'url',
    label: t('dashHookUrl'),
    sort: (w) => displayUrl(w.url, 2_000),
    csv: (w) => w.url,
    td: () => ({ class: 'url-cell' }),
    cell: (w) => (
      <>
        <a href={routeHref({ view: 'webhook', id: w.id })}>{displayUrl(w.url)}</a>
        {w.disabled_at && <span class="error small"> {t('dashHookStopped', w.disabled_reason ?? '')}</span>}
      </>
    ),
  },
  { id: 'events', label: t('dashHookEvents'), sort: eventsOf, csv: eventsOf },
  { id: 'format', label: t('dashHookFormat'), sort: (w) => w.format, csv: (w) => w.format },
  {
    id: 'created',
    label: t('dashColCreated'),
    sort: (w) => w.created_at,
    csv: (w) => w.created_at,
    cell: (w) => when(w.created_at),
    td: () => ({ class: 'nowrap' }),
  },
];

function eventsOf(w: Webhook): string {
  return w.events.includes('*') ? t('dashHookAllEventsInText') : w.events.join(', ');
}

/** The account's webhooks, each with its deliveries link, a test ping and delete; `busy`: the write running. */
function WebhooksTable({
  webhooks,
  busy,
  onTest,
  onDelete,
}: {
  webhooks: readonly Webhook[];
  busy: string;
  onTest: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}) {
  const columns = useMemo<readonly TableColumn<Webhook>[]>(
    () => [
      ...WEBHOOK_COLUMNS,
      {
        id: 'actions',
        label: t('dashActions'),
        export: false,
        text: false,
        csv: () => '',
        td: () => ({ class: 'row-actions' }),
        cell: (w) => <WebhookButtons webhook={w} busy={busy} onTest={() => onTest(w)} onDelete={() => onDelete(w)} />,
      },
    ],
    [busy, onTest, onDelete],
  );
  return (
    <DataTable
      rows={webhooks}
      columns={columns}
      rowKey={(w) => w.id}
      rowProps={(w) => ({ 'data-webhook-id': w.id })}
      label={t('navWebhooks')}
      exportName="webhooks"
    />
  );
}

function WebhookButtons({
  webhook: w,
  busy,
  onTest,
  onDelete,
}: {
  webhook: Webhook;
  busy: string;
  onTest: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <a class="button-link small" href={routeHref({ view: 'webhook', id: w.id })}>
        {t('dashHookDeliveries')}
      </a>
      <WriteButton class="secondary small" busy={busy === `test:${w.id}`} onClick={onTest} context={t('dashHookTo', w.url)} action="test">
        {t('dashHookTestPing')}
      </WriteButton>
      <WriteButton
        class="danger small"
        busy={busy === `del:${w.id}`}
        onClick={onDelete}
        context={t('dashHookContext', w.url)}
        action="delete"
      >
        {t('dashDelete')}
      </WriteButton>
    </>
  );
}

function NewWebhook({ onCreated }: { onCreated: (w: CreatedWebhook) => void }) {
  const { api } = useDashboard();
  const [url, setUrl] = useState('');
  const [all, setAll] = useState(true);
  const [events, setEvents] = useState<string[]>([]);
  const [format, setFormat] = useState<'json' | 'slack'>('json');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await run('create', () =>
      api.post<{ webhook: CreatedWebhook }>('/webhooks', { url: url.trim(), events: all ? ['*'] : events, format }),
    );
    if (!res.ok) return;
    setUrl('');
    onCreated(res.data.webhook);
  };
  const toggle = (type: string) => setEvents(events.includes(type) ? events.filter((x) => x !== type) : [...events, type]);
  return (
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label={t('dashHookNew')}>
      <label>
        {t('dashHookUrl')}
        <input type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} placeholder={t('dashHookUrlExample')} />
      </label>
      <label>
        {t('dashHookFormat')}
        <select value={format} onChange={(e) => setFormat(e.currentTarget.value as 'json' | 'slack')}>
          <option value="json">JSON</option>
          <option value="slack">{SLACK}</option>
        </select>
      </label>
      <fieldset>
        <legend>{t('dashHookEvents')}</legend>
        <label class="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} /> {t('dashHookAllEvents')}
        </label>
        {!all &&
          EVENT_TYPES.map((type) => (
            <label class="check" key={type}>
              <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} /> {type}
            </label>
          ))}
      </fieldset>
      <WriteButton type="submit" busy={busy !== ''} action="create-webhook">
        {t('dashHookAdd')}
      </WriteButton>
      {error && <ActionError error={error} />}
    </form>
  );
}

/** Deleting a webhook after the user confirms it, through the view's `act` (which says it was done). */
function useDeleteWebhook(act: (key: string, request: () => Promise<ApiResult<unknown>>, done: string) => Promise<void>) {
  const { api } = useDashboard();
  const { dialog, ask: confirm } = useConfirm();
  const ask = async (w: Webhook) => {
    const yes = await confirm({
      title: t('dashHookDeleteTitle', displayUrl(w.url)),
      body: <p>{t('dashHookDeleteBody', displayUrl(w.url))}</p>,
      confirm: t('dashHookDelete'),
      keep: t('dashHookKeep'),
    });
    if (yes) await act(`del:${w.id}`, () => api.del(`/webhooks/${w.id}`), t('dashHookDeleted', displayUrl(w.url)));
  };
  return { dialog, ask };
}
