import type { ApiClient } from '../api/client.js';
import type { CreatedShare } from '../api/types.js';

export type ShareOutcome = { url: string; expiresAt: string; copied: boolean } | { error: string };

/** `POST /audits/{id}/share` (docs/api-decisions.md#reports-shares-and-diffs), then the link onto the clipboard; a refused copy still shows the link. */
export async function shareAudit(api: ApiClient, auditId: string, copy: (text: string) => Promise<void>): Promise<ShareOutcome> {
  const res = await api.post<{ share: CreatedShare }>(`/audits/${encodeURIComponent(auditId)}/share`, {});
  if (!res.ok) return { error: res.error };
  const copied = await copy(res.data.share.url).then(
    () => true,
    () => false,
  );
  return { url: res.data.share.url, expiresAt: res.data.share.expires_at, copied };
}
