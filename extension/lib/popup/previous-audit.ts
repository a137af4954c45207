import type { AuditRecord } from '../sync/records.js';

/**
 * The audit of the same URL just before `current` in this browser's history (fragment ignored, submitted
 * or final URL), for a diff when no backend answers: the backend's own `against=previous` does the same.
 */
export function previousRecordOf(
  records: readonly AuditRecord[],
  current: Pick<AuditRecord, 'id' | 'url' | 'final_url' | 'scanned_at'>,
): AuditRecord | undefined {
  const urls = new Set([current.url, current.final_url].map(withoutFragment));
  const at = Date.parse(current.scanned_at);
  return records
    .filter((r) => r.id !== current.id && Date.parse(r.scanned_at) < at)
    .filter((r) => urls.has(withoutFragment(r.url)) || urls.has(withoutFragment(r.final_url)))
    .sort((a, b) => Date.parse(b.scanned_at) - Date.parse(a.scanned_at))[0];
}

function withoutFragment(url: string): string {
  return url.split('#')[0]!;
}
