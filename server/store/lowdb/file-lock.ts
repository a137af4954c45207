/**
 * A cross-process lock file (created with O_EXCL), so the server and the `citable` CLI never
 * read-modify-write the accounts file at the same time. A lock older than `staleMs` is taken over:
 * its holder crashed.
 */
import { open, rm, stat } from 'node:fs/promises';

export async function withFileLock<T>(lockFile: string, work: () => Promise<T>, { waitMs = 10_000, staleMs = 30_000 } = {}): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lockFile).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > staleMs) {
        await rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() - started > waitMs) throw new Error(`${lockFile} is held by another process; try again`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockFile, { force: true });
  }
}
