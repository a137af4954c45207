import type { AuditRecord } from '../lib/sync/records.js';

import { NOT_CONFIGURED } from '../lib/sync/reasons.js';
import { t } from '../lib/i18n/t.js';

const TEXT = { synced: 'syncSynced', pending: 'syncPending', failed: 'syncFailed' } as const;

/** Where an audit's sync stands; the reason is visible text, not only a tooltip. */
export function SyncBadge({ sync }: { sync: AuditRecord['sync'] }) {
  // No backend: one short word here; the history says once what to do about it.
  if (sync.state === 'pending' && sync.reason === NOT_CONFIGURED) {
    return (
      <span class="sync sync-local" data-sync="pending" title={NOT_CONFIGURED}>
        {t('syncNotSynced')}
      </span>
    );
  }
  return (
    <span class={`sync sync-${sync.state}`} data-sync={sync.state}>
      {t(TEXT[sync.state])}
      {sync.state !== 'synced' && sync.reason ? <span class="sync-reason">: {sync.reason}</span> : null}
      {sync.state === 'failed' && sync.waitForSettings ? <span class="sync-reason"> {t('syncRetriedAutomatically')}</span> : null}
    </span>
  );
}
