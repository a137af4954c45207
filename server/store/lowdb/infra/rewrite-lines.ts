/**
 * Rewrites a closed JSON-lines file (a journal) line by line, for maintenance (an account's deletion, the
 * retention pass): each line is parsed and `change` keeps it (`'keep'`), drops it (`'drop'`) or replaces it
 * (an object, written as one line). The new content goes to a temp file beside it, fsynced; `commit`
 * renames it over the original and fsyncs the directory, so a crash leaves the old file or the new one,
 * never a mix. Staging first lets the caller remove what the dropped lines named before the lines go.
 * The file is streamed, never held whole. A line that does not parse (a torn tail) is dropped.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fsyncDirectory } from './durable-write.js';

export type LineChange = 'keep' | 'drop' | object;

export interface StagedRewrite {
  kept: number;
  dropped: number;
  /** Puts the new file in place (a no-op when nothing changed). */
  commit(): Promise<void>;
  /** Removes the temp file without changing the original. */
  abandon(): Promise<void>;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export async function stageRewrite(file: string, change: (value: unknown) => LineChange): Promise<StagedRewrite> {
  if (!(await exists(file))) return { kept: 0, dropped: 0, commit: async () => undefined, abandon: async () => undefined };
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const out = createWriteStream(temp, { mode: 0o600 });
  let kept = 0;
  let dropped = 0;
  let changed = false;
  try {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (line === '') continue;
      let decision: LineChange;
      try {
        decision = change(JSON.parse(line));
      } catch {
        decision = 'drop';
      }
      if (decision === 'drop') {
        dropped++;
        changed = true;
        continue;
      }
      kept++;
      const text = decision === 'keep' ? line : JSON.stringify(decision);
      if (text !== line) changed = true;
      if (!out.write(`${text}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const handle = await open(temp, 'r');
    await handle.sync().finally(() => handle.close());
  } catch (error) {
    out.destroy();
    await rm(temp, { force: true });
    throw error;
  }
  const abandon = () => rm(temp, { force: true });
  if (!changed) {
    await abandon();
    return { kept, dropped, commit: async () => undefined, abandon: async () => undefined };
  }
  return {
    kept,
    dropped,
    async commit() {
      await rename(temp, file);
      await fsyncDirectory(path.dirname(file));
    },
    abandon,
  };
}

/** Stages and commits at once (nothing on disk to remove first). */
export async function rewriteLines(file: string, change: (value: unknown) => LineChange): Promise<{ kept: number; dropped: number }> {
  const staged = await stageRewrite(file, change);
  await staged.commit();
  return { kept: staged.kept, dropped: staged.dropped };
}

/** Reads every line of a JSON-lines file that parses (none when it does not exist). */
export async function eachLine(file: string, visit: (value: unknown) => void): Promise<void> {
  if (!(await exists(file))) return;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    visit(value);
  }
}
