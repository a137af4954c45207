import type { AuditRecord } from '../sync/records.js';

/** docs/api-decisions.md#extension: a popup shows an audit of the tab's URL younger than this without auditing again. */
export const RECENT_AUDIT_MS = 10 * 60_000;

/** The newest record of this URL (fragment ignored) scanned less than RECENT_AUDIT_MS ago, if any. */
export function recentAuditFor(records: AuditRecord[], tabUrl: string | undefined, now: number = Date.now()): AuditRecord | undefined {
  if (!tabUrl) return undefined;
  const wanted = withoutFragment(tabUrl);
  return records
    .filter((r) => withoutFragment(r.url) === wanted || withoutFragment(r.final_url) === wanted)
    .filter((r) => {
      const age = now - Date.parse(r.scanned_at);
      return age >= 0 && age < RECENT_AUDIT_MS;
    })
    .sort((a, b) => Date.parse(b.scanned_at) - Date.parse(a.scanned_at))[0];
}

function withoutFragment(url: string): string {
  return url.split('#')[0]!;
}
