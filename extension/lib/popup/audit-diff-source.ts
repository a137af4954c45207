/**
 * The diff the popup shows: the backend's (`GET /audits/{id}/diff?against=previous`, docs/api-decisions.md#reports-shares-and-diffs)
 * when the audit is on the backend, else the same computation (shared/diff) over this browser's history.
 * Loaded on demand, with diffAudits, when "Compare" is pressed.
 */
import { diffAudits, type AuditDiff } from '../../../shared/diff/audit-diff.js';
import type { Audit } from '../../../shared/types/audit.js';
import type { ApiClient } from '../api/client.js';
import type { AuditRecord } from '../sync/records.js';
import { previousRecordOf } from './previous-audit.js';
import { t } from '../i18n/t.js';

export type DiffOutcome = { diff: AuditDiff; previousAt: string; source: 'backend' | 'browser' } | { message: string };

export const NO_PREVIOUS = t('diffNoPrevious');

export async function diffForPopup(
  audit: Audit,
  records: readonly AuditRecord[],
  api: ApiClient | null,
  load: (id: string) => Promise<Audit | undefined>,
): Promise<DiffOutcome> {
  const synced = records.find((r) => r.id === audit.id)?.sync.state === 'synced';
  let backendError = '';
  if (api && synced) {
    const res = await api.get<{ diff: AuditDiff }>(`/audits/${encodeURIComponent(audit.id)}/diff?against=previous`);
    if (res.ok) {
      const previous = await api.get<{ audit: Audit }>(`/audits/${encodeURIComponent(res.data.diff.from)}`);
      return { diff: res.data.diff, previousAt: previous.ok ? previous.data.audit.scanned_at : '', source: 'backend' };
    }
    if (res.status !== 404) backendError = res.error;
  }
  const previous = previousRecordOf(records, audit);
  const older = previous ? await load(previous.id) : undefined;
  if (older) return { diff: diffAudits(older, audit), previousAt: older.scanned_at, source: 'browser' };
  return { message: backendError ? t('diffBackendFailed', backendError) : NO_PREVIOUS };
}
