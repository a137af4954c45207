/** Reading a lowdb data directory's journals as the server reads them at start, without writing to it. */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Calls `take` with each complete line's JSON and byte offset; counts lines it refuses (or that do not parse). */
export async function eachLine(
  file: string,
  dropped: Record<string, number>,
  take: (value: unknown, offset: number) => boolean,
): Promise<void> {
  if (!(await exists(file))) return;
  const name = path.basename(file);
  const bytes = await readFile(file);
  const complete = bytes.lastIndexOf(0x0a) + 1;
  if (complete < bytes.length) dropped[name] = (dropped[name] ?? 0) + 1; // a torn last line
  let start = 0;
  while (start < complete) {
    const end = bytes.indexOf(0x0a, start);
    if (end > start) {
      let ok: boolean;
      try {
        ok = take(JSON.parse(bytes.toString('utf8', start, end)), start);
      } catch {
        ok = false;
      }
      if (!ok) dropped[name] = (dropped[name] ?? 0) + 1;
    }
    start = end + 1;
  }
}

export async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
