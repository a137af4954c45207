import type { ApiClient } from './client.js';

/** What the configured key and server allow, learnt once per page: writes (a read-only key cannot) and crawls (newer servers). */
export interface Capabilities {
  /** False for a key with scope "read": every write answers 403. */
  canWrite: boolean;
  /** Why writes are off, shown beside every disabled write action. */
  readOnlyReason: string;
  /** The server has the crawl routes (docs/api-decisions.md#crawls). */
  crawls: boolean;
}

/** A share id that cannot exist (16 zeros): deleting it changes nothing, whatever the key. */
const PROBE_SHARE = 'shr_0000000000000000';
export const READ_ONLY_REASON =
  'This API key is read-only: it can show everything but not change anything. Set a key with full access in Options to create, run or delete.';

/**
 * There is no route that tells a key's scope, so ask for a write that changes nothing: deleting a share
 * that does not exist answers 404 to a full key and 403 to a read-only one (the scope is checked first).
 */
export async function probeCapabilities(api: ApiClient): Promise<Capabilities> {
  const [write, crawls] = await Promise.all([api.del(`/shares/${PROBE_SHARE}`), api.get('/crawls?limit=1')]);
  const canWrite = !(write.ok === false && write.status === 403);
  return { canWrite, readOnlyReason: canWrite ? '' : READ_ONLY_REASON, crawls: crawls.ok };
}
