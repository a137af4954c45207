import type { AuditResponse } from '../messages.js';
import { addAudit } from '../sync/records.js';
import { isConfigured, loadSettings } from '../settings.js';
import { NOT_CONFIGURED, SENDING } from '../sync/reasons.js';
import { auditTab, RestrictedPageError } from './audit-tab.js';

/** The background's answer to {type: "citable:audit", tabId}: audit, store, queue for sync. */
export async function handleAuditRequest(
  tabId: number,
  fetchVia: 'tab' | 'extension' | undefined,
  onQueued: () => void,
): Promise<AuditResponse> {
  try {
    const audit = await auditTab(tabId, fetchVia);
    const configured = isConfigured(await loadSettings());
    await addAudit(audit, configured ? SENDING : NOT_CONFIGURED);
    onQueued();
    return { audit };
  } catch (err) {
    if (err instanceof RestrictedPageError) return { error: err.message, restricted: true };
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
