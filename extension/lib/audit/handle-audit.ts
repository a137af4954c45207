import { browser } from 'wxt/browser';
import { AuditFetchError } from '../../../shared/audit/errors.js';
import type { AuditResponse, ProgressMessage } from '../messages.js';
import { addAudit } from '../sync/records.js';
import { isConfigured, loadSettings } from '../settings.js';
import { NOT_CONFIGURED, SENDING } from '../sync/reasons.js';
import { t } from '../i18n/t.js';
import { auditTab, AuditCancelledError, RestrictedPageError } from './audit-tab.js';
import { createProgress, type ProgressTracker } from './progress.js';
import { recordDuration, typicalDuration } from './durations.js';

/** The running audit of each tab, for Cancel. */
const running = new Map<number, AbortController>();

/** Stops the tab's running audit (its fetches are aborted); false when none runs. */
export function cancelAudit(tabId: number): boolean {
  const controller = running.get(tabId);
  controller?.abort();
  return !!controller;
}

/** The background's answer to {type: "citable:audit", tabId}: audit, store, queue for sync. */
export async function handleAuditRequest(
  tabId: number,
  fetchVia: 'tab' | 'extension' | undefined,
  onQueued: () => void,
): Promise<AuditResponse> {
  const estimate = typicalDuration().catch(() => undefined);
  let estimateMs: number | undefined;
  void estimate.then((ms) => (estimateMs = ms));
  // Steps with elapsed times, for a popup that is waiting (nobody listening is fine).
  const progress = createProgress((steps, startedAt) => {
    const message: ProgressMessage = { type: 'citable:progress', tabId, startedAt, steps, ...(estimateMs ? { estimateMs } : {}) };
    browser.runtime.sendMessage(message).catch(() => undefined);
  });
  // Read while the page is fetched, not after the audit: one storage round trip fewer before the answer.
  const settings = loadSettings();
  settings.catch(() => undefined); // awaited below; an audit that fails first leaves nobody waiting
  running.get(tabId)?.abort(); // a new audit of the tab replaces the one running
  const controller = new AbortController();
  running.set(tabId, controller);
  try {
    const { audit, notes } = await auditTab(tabId, fetchVia, progress, controller.signal);
    const configured = isConfigured(await settings);
    await addAudit(audit, configured ? SENDING : NOT_CONFIGURED, notes);
    await recordDuration(audit.duration_ms).catch(() => undefined);
    onQueued();
    return { audit };
  } catch (err) {
    return failure(err, progress);
  } finally {
    if (running.get(tabId) === controller) running.delete(tabId);
  }
}

function failure(err: unknown, progress: ProgressTracker): AuditResponse {
  if (err instanceof AuditCancelledError) return { error: t('progressCancelledText'), cancelled: true };
  if (err instanceof RestrictedPageError) return { error: err.message, restricted: true };
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof AuditFetchError && (err.code === 'timeout' || err.code === 'deadline')) {
    // A slow page: what was read before it stopped, and what it still waited for.
    const steps = progress.steps().filter((s) => s.phase !== 'judging');
    const read = steps.filter((s) => s.doneMs !== undefined).map((s) => s.label);
    const waitedFor = steps.filter((s) => s.doneMs === undefined).map((s) => s.label);
    return { error: message, partial: { read, waitedFor } };
  }
  return { error: message };
}
