import { browser } from 'wxt/browser';
import type { Audit } from '../../../shared/types/audit.js';
import { isConfigured, keyTag, loadSettings, type Settings } from '../settings.js';
import { backoffMs } from './backoff.js';
import type { SendOutcome } from './classify.js';
import { listRecords, loadAudit, updateSync, type AuditRecord } from './records.js';
import { NOT_CONFIGURED } from './reasons.js';
import { t } from '../i18n/t.js';

export interface QueueDeps {
  send: (audit: Audit, settings: Settings) => Promise<SendOutcome>;
  /** Wake the background at this time (null: nothing to wait for). An alarm, since workers die. */
  schedule: (atMs: number | null) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

/** Queue-wide backoff: while the backend is down every audit waits for the same next try. */
interface BackoffState {
  failures: number;
  nextAt: number;
}
const BACKOFF = 'syncBackoff';

const settingsTag = (s: Settings) => keyTag(`${s.backendUrl}\n${s.apiKey}`);

/** How long an audit the server found too large (413) waits before it is sent again, unless the user retries now. */
export const HOLD_MS = 6 * 60 * 60 * 1000;

/**
 * Retried: pending ones, and those refused for their settings, either once the settings changed or,
 * with the same settings, when their backoff is due (the account may have been fixed on the server).
 */
function isCandidate(r: AuditRecord, tag: string, now: number, force: boolean): boolean {
  if (r.sync.state === 'pending') return force || (r.sync.holdUntil ?? 0) <= now;
  if (r.sync.state !== 'failed' || !r.sync.waitForSettings) return false;
  return r.sync.waitForSettings !== tag || (r.sync.nextAttemptAt ?? Infinity) <= now;
}

/**
 * Sends what is due, oldest first, one at a time (so one id is never in flight twice).
 * `force` ignores the backoff (a new audit, "retry now", changed settings).
 */
export async function flushQueue(deps: QueueDeps, force = false): Promise<void> {
  const now = deps.now ?? Date.now;
  const settings = await loadSettings();
  const backoff = ((await browser.storage.local.get(BACKOFF))[BACKOFF] as BackoffState | undefined) ?? { failures: 0, nextAt: 0 };
  const tag = settingsTag(settings);
  const records = await listRecords();
  const candidates = records.filter((r) => isCandidate(r, tag, now(), force)).reverse();
  if (!isConfigured(settings)) {
    for (const r of candidates) await updateSync(r.id, (s) => ({ ...s, state: 'pending', reason: NOT_CONFIGURED, nextAttemptAt: 0 }));
    return deps.schedule(null);
  }
  if (!candidates.length) return deps.schedule(nextHold(records, now()));
  if (!force && backoff.nextAt > now()) return deps.schedule(backoff.nextAt);

  for (let i = 0; i < candidates.length; i++) {
    const record = candidates[i]!;
    const audit = await loadAudit(record.id);
    if (!audit) {
      await updateSync(record.id, (s) => ({ ...s, state: 'failed', reason: t('syncReasonMissing') }));
      continue;
    }
    const outcome = await deps.send(audit, settings);
    if (await recordOwnOutcome(record, outcome, now())) continue;
    if (outcome.kind !== 'retry' && outcome.kind !== 'settings') continue;
    // Down or refused settings: the rest would meet the same answer, so mark them all and stop.
    // Both are retried with backoff; refused settings are also retried at once when the settings change.
    const rest = candidates.slice(i);
    const failures = backoff.failures + 1;
    const retryAfterMs = outcome.kind === 'settings' ? 0 : (outcome.retryAfterMs ?? 0);
    const nextAt = now() + Math.max(retryAfterMs, backoffMs(failures, deps.random));
    await browser.storage.local.set({ [BACKOFF]: { failures, nextAt } satisfies BackoffState });
    for (const r of rest) {
      await updateSync(r.id, ({ waitForSettings: _, holdUntil: __, ...s }) => ({
        ...(r === record ? tried(s) : s),
        state: outcome.kind === 'settings' ? 'failed' : 'pending',
        reason: outcome.reason,
        ...(outcome.kind === 'settings' ? { waitForSettings: tag } : {}),
        nextAttemptAt: nextAt,
      }));
    }
    return deps.schedule(nextAt);
  }
  return deps.schedule(nextHold(await listRecords(), now()));
}

const tried = ({ waitForSettings: _, holdUntil: __, ...s }: AuditRecord['sync']) => ({ ...s, attempts: s.attempts + 1 });

/**
 * The outcomes that concern this audit alone: synced, refused for good, or held (413: the server finds it too large
 * now; kept and sent again after HOLD_MS or its Retry-After, while the audits behind it go on). False for the rest.
 */
async function recordOwnOutcome(record: AuditRecord, outcome: SendOutcome, now: number): Promise<boolean> {
  if (outcome.kind === 'synced') {
    await updateSync(record.id, (s) => ({ state: 'synced', attempts: s.attempts + 1, syncedAt: new Date(now).toISOString() }));
    await browser.storage.local.set({ [BACKOFF]: { failures: 0, nextAt: 0 } satisfies BackoffState });
  } else if (outcome.kind === 'later') {
    const holdUntil = now + Math.max(outcome.retryAfterMs ?? 0, HOLD_MS);
    await updateSync(record.id, (s) => ({ ...tried(s), state: 'pending', reason: outcome.reason, nextAttemptAt: holdUntil, holdUntil }));
  } else if (outcome.kind === 'rejected') {
    await updateSync(record.id, (s) => ({ ...tried(s), state: 'failed', reason: outcome.reason }));
  } else return false;
  return true;
}

/** When the first held audit is due (null: none is held). */
function nextHold(records: AuditRecord[], now: number): number | null {
  const holds = records.filter((r) => r.sync.state === 'pending' && (r.sync.holdUntil ?? 0) > now).map((r) => r.sync.holdUntil!);
  return holds.length ? Math.min(...holds) : null;
}
