import { until } from '../../helpers/until.js';
import type { ExtensionSession } from './extension.js';

export interface StoredRecord {
  id: string;
  sync: { state: 'pending' | 'synced' | 'failed'; reason?: string; attempts: number };
}

/** The history as the background stored it (storage.local "records"). */
export async function readRecords(session: ExtensionSession): Promise<StoredRecord[]> {
  return session.worker.evaluate(async () => ((await chrome.storage.local.get('records')).records ?? []) as never);
}

/** Waits until every given audit has the expected sync state (and reason, if given); returns the records. */
export async function waitForSyncState(
  session: ExtensionSession,
  ids: string[],
  state: StoredRecord['sync']['state'],
  reason?: RegExp,
  timeoutMs = 45_000,
): Promise<StoredRecord[]> {
  let records: StoredRecord[] = [];
  const matches = (r: StoredRecord) => r.sync.state === state && (!reason || reason.test(r.sync.reason ?? ''));
  return until(
    () => `${state}: ${JSON.stringify(records.map((r) => [r.id, r.sync]))}`,
    async () => {
      records = (await readRecords(session)).filter((r) => ids.includes(r.id));
      return records.length === ids.length && records.every(matches) && records;
    },
    { timeoutMs, everyMs: 200 },
  );
}
