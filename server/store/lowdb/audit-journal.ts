/**
 * The audit index journal (DATA_DIR/audits.journal): one JSON line per stored audit, only ever appended.
 * An append is acknowledged after fdatasync; appends arriving while one is syncing share the next sync
 * (group commit). At start the whole journal is read; a torn last line (a crash mid-append) is dropped and
 * cut off, so the next append starts on a clean line. The cost of an append does not depend on how many
 * lines came before.
 */
import { access, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDirectory } from './durable-write.js';

export interface JournalLoad<T> {
  records: T[];
  /** Lines that did not parse or validate (a torn tail, or damage), skipped. */
  dropped: number;
}

interface PendingAppend {
  bytes: Buffer;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class AuditJournal {
  #handle: FileHandle;
  #size: number;
  #pending: PendingAppend[] = [];
  #writing = false;
  #draining: Promise<void> = Promise.resolve();
  #broken: Error | null = null;

  private constructor(handle: FileHandle, size: number) {
    this.#handle = handle;
    this.#size = size;
  }

  /** Reads every valid record, cuts a torn tail, and opens the journal for appending. */
  static async open<T>(file: string, parse: (value: unknown, line: string) => T | null): Promise<{ journal: AuditJournal; load: JournalLoad<T> }> {
    const existed = await access(file).then(() => true, () => false);
    const handle = await open(file, 'a+', 0o600);
    try {
      if (!existed) await fsyncDirectory(path.dirname(file)); // the new file's name must survive a crash too
      const bytes = await handle.readFile();
      const lastNewline = bytes.lastIndexOf(0x0a);
      const complete = lastNewline + 1; // bytes up to and including the last full line
      const records: T[] = [];
      let dropped = complete < bytes.length ? 1 : 0;
      for (const line of bytes.subarray(0, complete).toString('utf8').split('\n')) {
        if (!line) continue;
        const record = parseLine(line, parse);
        if (record === null) dropped++;
        else records.push(record);
      }
      if (complete < bytes.length) {
        await handle.truncate(complete);
        await handle.sync();
      }
      return { journal: new AuditJournal(handle, complete), load: { records, dropped } };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Appends one line (JSON text without its newline); resolves once it is on disk. */
  append(line: string): Promise<void> {
    if (this.#broken) return Promise.reject(this.#broken);
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ bytes: Buffer.from(`${line}\n`), resolve, reject });
      if (!this.#writing) {
        this.#writing = true;
        this.#draining = this.#drain();
      }
    });
  }

  /** Writes what is already queued, then closes; later appends are refused. */
  async close(): Promise<void> {
    this.#broken ??= new Error('the audit journal is closed');
    await this.#draining;
    await this.#handle.close();
  }

  /** Writes batches until none is pending. The loop ends and clears #writing synchronously after the last
   *  check, so an append made by a caller this batch resumed always starts a new drain. */
  async #drain(): Promise<void> {
    for (;;) {
      if (this.#pending.length === 0) {
        this.#writing = false;
        return;
      }
      const batch = this.#pending.splice(0);
      const bytes = Buffer.concat(batch.map((p) => p.bytes));
      try {
        await writeAll(this.#handle, bytes);
        await this.#handle.datasync();
        this.#size += bytes.length;
        for (const p of batch) p.resolve();
      } catch (error) {
        for (const p of batch) p.reject(error);
        await this.#recover(error);
      }
    }
  }

  /** After a failed append, cut back to the last acknowledged line so no later line is glued to a partial one. */
  async #recover(cause: unknown): Promise<void> {
    try {
      await this.#handle.truncate(this.#size);
      await this.#handle.sync();
    } catch {
      this.#broken = new Error(`the audit journal cannot be written (${String(cause)}); restart the server`);
      for (const p of this.#pending.splice(0)) p.reject(this.#broken);
    }
  }
}

function parseLine<T>(line: string, parse: (value: unknown, line: string) => T | null): T | null {
  try {
    return parse(JSON.parse(line), line);
  } catch {
    return null;
  }
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}
