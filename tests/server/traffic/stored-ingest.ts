import type { StoredIngest } from '../../../server/store/contracts/traffic.js';

export const INGEST_AT = '2026-11-21T10:00:00.000Z';

/** An ingest row as the store keeps it, nothing read yet; `more` sets what a test depends on. */
export function storedIngest(id: string, more: Partial<StoredIngest> = {}): StoredIngest {
  return {
    id,
    account_id: 'acct_a',
    project_id: 'prj_a',
    sha256: id,
    status: 'queued',
    bytes: 0,
    lines: 0,
    offset: 0,
    problems: [],
    error: null,
    created_at: INGEST_AT,
    updated_at: INGEST_AT,
    ...more,
  };
}
