/** Writes the fixes tree (shared/fixes/archive.ts) under a directory, creating what it needs. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fixFiles } from '../../../shared/fixes/archive.js';
import type { Fix } from '../../../shared/fixes/types.js';

/** The files written, relative to `dir`, in the order of `fixes` (fixes.json last). */
export async function writeFixFiles(dir: string, fixes: readonly Fix[]): Promise<string[]> {
  const root = path.resolve(dir);
  const names: string[] = [];
  for (const file of fixFiles(fixes)) {
    const target = path.resolve(root, file.name);
    if (!target.startsWith(`${root}${path.sep}`)) continue; // archive names never leave the tree; belt and braces
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.text);
    names.push(file.name);
  }
  return names;
}
