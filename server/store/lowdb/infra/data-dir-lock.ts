/**
 * One server per data directory: the in-memory audit index and the journal assume a single writer.
 * DATA_DIR/server.pid holds the owner's pid; a file whose process is gone is taken over.
 */
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DataDirLock {
  release(): Promise<void>;
  /** The lock was left by a process that died without releasing it: the directory may hold a crash's leftovers. */
  tookOverFromCrash: boolean;
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, 'server.pid');
  let tookOverFromCrash = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(file, { force: true }), tookOverFromCrash };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`another Citable server (pid ${pid}) is using ${dataDir}; stop it or choose another DATA_DIR`, { cause: error });
      }
      await rm(file, { force: true }); // left by a server that crashed
      tookOverFromCrash = true;
    }
  }
  throw new Error(`cannot lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
