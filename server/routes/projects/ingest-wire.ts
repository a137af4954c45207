/** A log ingest as the API shows it (shared/schema/traffic.ts). */
import type { LogIngest } from '../../../shared/schema/traffic.js';
import type { StoredIngest } from '../../store/contracts/traffic.js';

export function ingestToWire(ingest: StoredIngest): LogIngest {
  return { id: ingest.id, status: ingest.status, bytes: ingest.bytes, lines: ingest.lines };
}
