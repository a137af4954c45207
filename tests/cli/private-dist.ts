/**
 * The built dist/ copied into a temporary directory of its own (node_modules linked beside it), its code caches
 * removed: a test that checks what a crawl writes to `.v8-cache` reads its own files, not another run's.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

export interface PrivateDist {
  /** The directory holding dist/ and node_modules. */
  home: string;
  /** dist/cli/.v8-cache in it (absent until a command writes it). */
  cacheDir: string;
  remove(): void;
}

/** Builds dist/, then copies it under a new temporary directory named after `prefix`. */
export async function privateDist(prefix: string): Promise<PrivateDist> {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: repo });
  const home = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(path.join(repo, 'dist'), path.join(home, 'dist'), { recursive: true });
  symlinkSync(path.join(repo, 'node_modules'), path.join(home, 'node_modules'));
  const cacheDir = path.join(home, 'dist/cli/.v8-cache');
  rmSync(cacheDir, { recursive: true, force: true });
  return { home, cacheDir, remove: () => rmSync(home, { recursive: true, force: true }) };
}
