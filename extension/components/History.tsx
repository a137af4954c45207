import { browser } from 'wxt/browser';
import type { AuditRecord } from '../lib/sync/records.js';
import { SyncBadge } from './SyncBadge.js';
import { NOT_CONFIGURED } from '../lib/sync/reasons.js';
import { HISTORY_LIMIT } from '../lib/sync/records.js';
import { t } from '../lib/i18n/t.js';
import { formatDateTime } from '../lib/i18n/format.js';

/** Recent audits, newest first, each with its sync state; opening one shows its stored report. */
export function History({
  records,
  current,
  onOpen,
}: {
  records: AuditRecord[];
  current: string | undefined;
  onOpen: (id: string) => void;
}) {
  if (!records.length) return null;
  // Retrying helps only audits that wait on the backend, not those waiting for settings.
  const unsent = records.some((r) => r.sync.state === 'pending' && r.sync.reason !== NOT_CONFIGURED);
  // Said once for the list, not under every entry.
  const localOnly = records.some((r) => r.sync.state === 'pending' && r.sync.reason === NOT_CONFIGURED);
  return (
    <section class="history" aria-labelledby="h-history">
      <div class="history-head">
        <h2 id="h-history">{t('historyTitle')}</h2>
        {unsent && (
          <button type="button" class="secondary small" onClick={() => void browser.runtime.sendMessage({ type: 'citable:sync-now' })}>
            {t('historyRetrySync')}
          </button>
        )}
      </div>
      {localOnly && (
        <p class="muted small" data-testid="local-only">
          {t('historyLocalOnly', HISTORY_LIMIT)}
        </p>
      )}
      <ul>
        {records.map((r) => (
          <li key={r.id} data-record-id={r.id}>
            <button type="button" class="history-item" aria-current={r.id === current ? 'true' : undefined} onClick={() => onOpen(r.id)}>
              <span class="history-score">{r.score}</span>
              <span class="history-url">{shortUrl(r.final_url)}</span>
              <span class="muted small">{formatDateTime(r.scanned_at)}</span>
              <SyncBadge sync={r.sync} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
