/**
 * A cross-process lock file, so the server and the `citable` CLI never read-modify-write the accounts file at
 * the same time. The lock appears with its holder's pid already in it (written to a file of its own, then
 * hard-linked to the lock's name, which fails when the lock exists), so a holder killed at any moment never
 * leaves an empty lock behind. A lock whose holder's pid no longer runs (a SIGKILL between taking and removing
 * it) is taken over at once; any lock older than `staleMs` too, and an empty one (left by an older version,
 * which wrote the pid after creating the file) after a short grace.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, rm, stat, writeFile } from 'node:fs/promises';

/** An empty lock older than this was abandoned by a holder killed between creating it and writing its pid. */
const EMPTY_LOCK_GRACE_MS = 2_000;

export async function withFileLock<T>(lockFile: string, work: () => Promise<T>, { waitMs = 10_000, staleMs = 30_000 } = {}): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      await publishLock(lockFile);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lockFile).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleMs || (await holderIsGone(lockFile, age))) {
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

/** Creates the lock with this process's pid in it, in one step: EEXIST when another holds it. */
async function publishLock(lockFile: string): Promise<void> {
  const draft = `${lockFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, String(process.pid), { mode: 0o600 });
  try {
    await link(draft, lockFile);
  } finally {
    await rm(draft, { force: true });
  }
}

/**
 * True when the lock names a pid no process has any more (a killed holder), or is empty past its grace. A pid
 * now reused by another process looks alive: then staleMs decides.
 */
async function holderIsGone(lockFile: string, ageMs: number): Promise<boolean> {
  const text = await readFile(lockFile, 'utf8').catch(() => null);
  if (text === '') return ageMs > EMPTY_LOCK_GRACE_MS;
  if (text === null || !/^\d+$/.test(text) || Number(text) === process.pid) return false;
  try {
    process.kill(Number(text), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
