import type { AuditRecord } from '../lib/sync/records.js';

import { NOT_CONFIGURED } from '../lib/sync/reasons.js';

const TEXT = { synced: 'Synced', pending: 'Pending', failed: 'Sync failed' } as const;

/** Where an audit's sync stands; the reason is visible text, not only a tooltip. */
export function SyncBadge({ sync }: { sync: AuditRecord['sync'] }) {
  // No backend: one short word here; the history says once what to do about it.
  if (sync.state === 'pending' && sync.reason === NOT_CONFIGURED) {
    return (
      <span class="sync sync-local" data-sync="pending" title={NOT_CONFIGURED}>
        Not synced
      </span>
    );
  }
  return (
    <span class={`sync sync-${sync.state}`} data-sync={sync.state}>
      {TEXT[sync.state]}
      {sync.state !== 'synced' && sync.reason ? <span class="sync-reason">: {sync.reason}</span> : null}
      {sync.state === 'failed' && sync.waitForSettings ? (
        <span class="sync-reason"> (retried automatically; fix it in Options to retry now)</span>
      ) : null}
    </span>
  );
}
