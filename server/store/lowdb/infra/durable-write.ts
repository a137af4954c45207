/**
 * Atomic, durable file replacement: write a temp file, fsync it, rename it over the target, fsync the
 * directory. After a crash the target holds either the old or the new content, never a mix, and once
 * the promise resolves the new content survives power loss. (lowdb's default writer, steno, renames
 * without any fsync, so it guarantees neither.)
 */
import { open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export async function writeFileDurable(file: string, data: string | Uint8Array, options: { tempDir?: string } = {}): Promise<void> {
  const dir = path.dirname(file);
  // A temp dir on the same file system keeps leftovers of a crash in one place, cheap to sweep at start.
  const temp = path.join(options.tempDir ?? dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await fsyncDirectory(dir);
}

/** Makes a rename or a new file name in `dir` durable. */
export async function fsyncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return; // directories cannot be opened for fsync there
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Names of temp files a crash mid-write can leave behind (safe to delete at start). */
export function isDurableWriteLeftover(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}
