/**
 * The embedded store's maintenance lock, DATA_DIR/maintenance.lock: held by whatever removes or rewrites
 * files (the retention pass, an account's deletion) and by `citable backup` while it copies, so a backup
 * never copies half of a rewrite. Appends and atomic replacements, the server's ordinary writes, do not take
 * it: a backup copes with them (server/backup/backup.ts). A holder that died is taken over (file-lock.ts).
 */
import path from 'node:path';
import { withFileLock } from './file-lock.js';

export function withMaintenanceLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  // Long waits: a backup of a large store or a retention pass can take minutes; a dead holder is noticed at once.
  return withFileLock(path.join(dataDir, 'maintenance.lock'), work, { waitMs: 30 * 60_000, staleMs: 24 * 3_600_000 });
}
