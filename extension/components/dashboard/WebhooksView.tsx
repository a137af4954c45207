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
      <h1 id="h-webhooks">Webhooks</h1>
      <p class="muted">
        Events (audit.completed, audit.regressed, crawler.blocked, citation.gained, …) are sent to these URLs, signed with each webhook's
        secret.
      </p>
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
      <ListStates load={list} what="webhooks" items={(d) => d.webhooks} empty="No webhooks yet." onRetry={reload}>
        {(webhooks) => (
          <WebhooksTable
            webhooks={webhooks}
            busy={busy}
            onTest={(w) =>
              void act(
                `test:${w.id}`,
                () => api.post(`/webhooks/${w.id}/test`),
                `A ping was queued for ${displayUrl(w.url)}: see its deliveries.`,
              )
            }
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
        Webhook created. Its signing secret is shown only now: <code class="secret">{created.secret}</code>
      </p>
      <button type="button" class="secondary small" onClick={onSaved}>
        I have saved it
      </button>
    </div>
  );
}

const WEBHOOK_COLUMNS: readonly TableColumn<Webhook>[] = [
  {
    id: 'url',
    label: 'URL',
    sort: (w) => displayUrl(w.url, 2_000),
    csv: (w) => w.url,
    td: () => ({ class: 'url-cell' }),
    cell: (w) => (
      <>
        <a href={routeHref({ view: 'webhook', id: w.id })}>{displayUrl(w.url)}</a>
        {w.disabled_at && <span class="error small"> stopped: {w.disabled_reason}</span>}
      </>
    ),
  },
  { id: 'events', label: 'Events', sort: eventsOf, csv: eventsOf },
  { id: 'format', label: 'Format', sort: (w) => w.format, csv: (w) => w.format },
  {
    id: 'created',
    label: 'Created',
    sort: (w) => w.created_at,
    csv: (w) => w.created_at,
    cell: (w) => when(w.created_at),
    td: () => ({ class: 'nowrap' }),
  },
];

function eventsOf(w: Webhook): string {
  return w.events.includes('*') ? 'all events' : w.events.join(', ');
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
        label: 'Actions',
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
      label="Webhooks"
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
        Deliveries
      </a>
      <WriteButton class="secondary small" busy={busy === `test:${w.id}`} onClick={onTest} context={`to ${w.url}`} action="test">
        Test ping
      </WriteButton>
      <WriteButton
        class="danger small"
        busy={busy === `del:${w.id}`}
        onClick={onDelete}
        context={`the webhook to ${w.url}`}
        action="delete"
      >
        Delete
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
  const toggle = (t: string) => setEvents(events.includes(t) ? events.filter((x) => x !== t) : [...events, t]);
  return (
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label="New webhook">
      <label>
        URL
        <input
          type="url"
          required
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          placeholder="https://hooks.example.com/citable"
        />
      </label>
      <label>
        Format
        <select value={format} onChange={(e) => setFormat(e.currentTarget.value as 'json' | 'slack')}>
          <option value="json">JSON</option>
          <option value="slack">Slack</option>
        </select>
      </label>
      <fieldset>
        <legend>Events</legend>
        <label class="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} /> All events
        </label>
        {!all &&
          EVENT_TYPES.map((t) => (
            <label class="check" key={t}>
              <input type="checkbox" checked={events.includes(t)} onChange={() => toggle(t)} /> {t}
            </label>
          ))}
      </fieldset>
      <WriteButton type="submit" busy={busy !== ''} action="create-webhook">
        Add webhook
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
      title: `Delete the webhook to ${displayUrl(w.url)}?`,
      body: (
        <p>
          No more events are sent to {displayUrl(w.url)}, its delivery log goes, and its signing secret is lost for good: a new webhook gets
          a new secret, which the receiving system must then be given.
        </p>
      ),
      confirm: 'Delete webhook',
      keep: 'Keep the webhook',
    });
    if (yes) await act(`del:${w.id}`, () => api.del(`/webhooks/${w.id}`), `The webhook to ${displayUrl(w.url)} was deleted.`);
  };
  return { dialog, ask };
}
