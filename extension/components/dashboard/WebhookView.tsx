import type { Delivery, Webhook } from '../../lib/api/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { useApi } from './use-api.js';
import { ActionError, ListStates } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';

/** One webhook's delivery log (`GET /webhooks/{id}/deliveries`): every event, its status and each attempt. */
export function WebhookView({ id }: { id: string }) {
  const { api } = useDashboard();
  const [hooks] = useApi((a) => a.get<{ webhooks: Webhook[] }>('/webhooks'), []);
  const [log, reload] = useApi((a) => a.get<{ deliveries: Delivery[] }>(`/webhooks/${encodeURIComponent(id)}/deliveries`), [id]);
  const { busy, error, run } = useAction();
  const hook = hooks.state === 'ok' ? hooks.data.webhooks.find((w) => w.id === id) : undefined;
  const ping = async () => {
    await run('ping', () => api.post(`/webhooks/${encodeURIComponent(id)}/test`));
    reload();
  };
  return (
    <section aria-labelledby="h-webhook">
      <p class="crumbs small">
        <a href={routeHref({ view: 'webhooks' })}>Webhooks</a> /
      </p>
      <h1 id="h-webhook" class="break">
        Deliveries to {hook ? displayUrl(hook.url) : id}
      </h1>
      <div class="toolbar">
        <WriteButton class="secondary" onClick={() => void ping()} busy={busy !== ''} action="test">
          Send a test ping
        </WriteButton>
        <button type="button" class="secondary" onClick={reload}>
          Refresh
        </button>
      </div>
      {error && <ActionError error={error} />}
      <ListStates
        load={log}
        what="the delivery log"
        items={(d) => d.deliveries}
        empty="Nothing was sent to this webhook yet."
        onRetry={reload}
      >
        {(deliveries) => <DeliveriesTable deliveries={deliveries} />}
      </ListStates>
    </section>
  );
}

/** Each delivery: its event, status, attempts (each one's answer under "Attempts"), when made and next tried. */
function DeliveriesTable({ deliveries }: { deliveries: readonly Delivery[] }) {
  return (
    <div class="table-wrap">
      <table class="data deliveries">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" class="num">
              Attempts
            </th>
            <th scope="col">Last answer</th>
            <th scope="col">Created</th>
            <th scope="col">Next attempt</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-delivery-id={d.id} data-status={d.status}>
              <td>
                <strong>{d.type}</strong>
                <br />
                <code class="small">{d.event_id}</code>
              </td>
              <td>
                <span class={`status status-${d.status}`}>{d.status}</span>
              </td>
              <td class="num">{d.attempts}</td>
              <td>
                {d.last_status_code ?? '—'}
                {d.last_error && <span class="error small"> {d.last_error}</span>}
                {d.log.length > 0 && (
                  <details>
                    <summary class="small">Attempts</summary>
                    <ol class="small attempts">
                      {d.log.map((a, i) => (
                        <li key={i}>
                          {when(a.at)}: {a.status_code ?? 'no answer'} in {a.duration_ms} ms{a.error ? `, ${a.error}` : ''}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </td>
              <td class="nowrap">{when(d.created_at)}</td>
              <td class="nowrap">{when(d.next_attempt_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
