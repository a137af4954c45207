/**
 * The address ranges the server verifies uploaded hits with, as `citable logs` does: the refreshed file
 * (LOG_RANGES_FILE, else ip-ranges.json in DATA_DIR, written by `citable logs update-ranges`) over the shipped
 * snapshot, read again for each ingest so a refresh counts without a restart.
 */
import type { SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';
import type { Logger } from '../logging/logger.js';
import { loadRanges } from '../logs/ranges-file.js';

export function serverRanges(file: string, logger: Logger): () => Promise<readonly SnapshotSource[]> {
  return async () => {
    const loaded = await loadRanges(file);
    if (loaded.warning) logger.warn('traffic: the refreshed ranges file was not used', { warning: loaded.warning });
    return loaded.sources;
  };
}
