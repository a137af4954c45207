/** Which of `needles` occur anywhere in the files under a directory (every byte of every file). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export async function findInTree(dir: string, needles: readonly string[]): Promise<Array<{ file: string; needle: string }>> {
  const found: Array<{ file: string; needle: string }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    for (const needle of needles)
      if (bytes.includes(needle) || file.includes(needle)) found.push({ file: path.relative(dir, file), needle });
  }
  return found;
}
