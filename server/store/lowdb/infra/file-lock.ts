/**
 * A cross-process lock file (created with O_EXCL), so the server and the `citable` CLI never
 * read-modify-write the accounts file at the same time. A lock whose holder's pid no longer runs
 * (a SIGKILL between taking and removing it) is taken over at once; any lock older than `staleMs` too.
 */
import { open, readFile, rm, stat } from 'node:fs/promises';

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
      const age = await stat(lockFile).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleMs || (await holderIsGone(lockFile))) {
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

/**
 * True when the lock names a pid no process has any more (a killed holder). A pid now reused by another process looks alive: then staleMs
 * decides.
 */
async function holderIsGone(lockFile: string): Promise<boolean> {
  const text = await readFile(lockFile, 'utf8').catch(() => '');
  if (!/^\d+$/.test(text) || Number(text) === process.pid) return false;
  try {
    process.kill(Number(text), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
