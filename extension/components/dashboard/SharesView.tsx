import type { ShareSummary } from '../../lib/api/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { when } from './format.js';
import { useApi } from './use-api.js';
import { ActionError, ListStates } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';

/** Live share links (`GET /shares`); revoking one (`DELETE /shares/{id}`) makes its link answer 404 at once. */
export function SharesView() {
  const { api } = useDashboard();
  const [list, reload] = useApi((a) => a.get<{ shares: ShareSummary[] }>('/shares'), []);
  const { busy, error, run } = useAction();
  const revoke = async (id: string) => {
    await run(id, () => api.del(`/shares/${encodeURIComponent(id)}`));
    reload();
  };
  return (
    <section aria-labelledby="h-shares">
      <h1 id="h-shares">Share links</h1>
      <p class="muted">
        Links that open a report without a key. A link's address is shown once, when it is made (from an audit or a crawl); revoke one here.
      </p>
      {error && <ActionError error={error} />}
      <ListStates load={list} what="share links" items={(d) => d.shares} empty="No live share links." onRetry={reload}>
        {(shares) => (
          <div class="table-wrap">
            <table class="data">
              <thead>
                <tr>
                  <th scope="col">Report of</th>
                  <th scope="col">Created</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shares.map((s) => (
                  <tr key={s.id} data-share-id={s.id}>
                    <td>
                      <a href={routeHref(s.kind === 'audit' ? { view: 'audit', id: s.target_id } : { view: 'crawl', id: s.target_id })}>
                        {s.kind} {s.target_id.slice(0, 8)}
                      </a>
                    </td>
                    <td class="nowrap">{when(s.created_at)}</td>
                    <td class="nowrap">{when(s.expires_at)}</td>
                    <td>
                      <WriteButton
                        class="danger small"
                        busy={busy === s.id}
                        onClick={() => void revoke(s.id)}
                        context={`the share link of ${s.kind} ${s.target_id}`}
                        action="revoke"
                      >
                        Revoke
                      </WriteButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
    </section>
  );
}
