import { browser } from 'wxt/browser';
import type { AuditResponse, ProgressMessage } from '../messages.js';
import { addAudit } from '../sync/records.js';
import { isConfigured, loadSettings } from '../settings.js';
import { NOT_CONFIGURED, SENDING } from '../sync/reasons.js';
import { auditTab, RestrictedPageError } from './audit-tab.js';
import { createProgress } from './progress.js';

/** The background's answer to {type: "citable:audit", tabId}: audit, store, queue for sync. */
export async function handleAuditRequest(
  tabId: number,
  fetchVia: 'tab' | 'extension' | undefined,
  onQueued: () => void,
): Promise<AuditResponse> {
  // Steps with elapsed times, for a popup that is waiting (nobody listening is fine).
  const progress = createProgress((steps, startedAt) => {
    const message: ProgressMessage = { type: 'citable:progress', tabId, startedAt, steps };
    browser.runtime.sendMessage(message).catch(() => undefined);
  });
  // Read while the page is fetched, not after the audit: one storage round trip fewer before the answer.
  const settings = loadSettings();
  settings.catch(() => undefined); // awaited below; an audit that fails first leaves nobody waiting
  try {
    const { audit, notes } = await auditTab(tabId, fetchVia, progress);
    const configured = isConfigured(await settings);
    await addAudit(audit, configured ? SENDING : NOT_CONFIGURED, notes);
    onQueued();
    return { audit };
  } catch (err) {
    if (err instanceof RestrictedPageError) return { error: err.message, restricted: true };
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
