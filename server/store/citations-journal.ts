/**
 * An append-only JSON-lines file that knows where each line sits, so a line can be read back later
 * without keeping it in memory. Same durability as the audit journal: an append resolves after
 * fdatasync, appends arriving during a sync share the next one, a torn last line (a crash mid-append)
 * is dropped and cut off at open. An append costs the same however long the file is.
 */
import { open, type FileHandle } from 'node:fs/promises';

export interface JournalEntry<T> {
  value: T;
  offset: number;
  length: number;
}

interface PendingAppend {
  bytes: Buffer;
  resolve: (offset: number) => void;
  reject: (error: unknown) => void;
}

export class CitationsJournal {
  #size: number;
  #pending: PendingAppend[] = [];
  #writing = false;
  #draining: Promise<void> = Promise.resolve();
  #broken: Error | null = null;

  private constructor(
    private readonly handle: FileHandle,
    size: number,
    readonly file: string,
  ) {
    this.#size = size;
  }

  static async open<T>(file: string, parse: (value: unknown) => T | null): Promise<{ journal: CitationsJournal; entries: JournalEntry<T>[]; dropped: number }> {
    const handle = await open(file, 'a+', 0o600);
    try {
      const bytes = await handle.readFile();
      const complete = bytes.lastIndexOf(0x0a) + 1;
      const entries: JournalEntry<T>[] = [];
      let dropped = complete < bytes.length ? 1 : 0;
      let start = 0;
      while (start < complete) {
        const end = bytes.indexOf(0x0a, start);
        if (end > start) {
          const value = parseLine(bytes.toString('utf8', start, end), parse);
          if (value === null) dropped++;
          else entries.push({ value, offset: start, length: end - start });
        }
        start = end + 1;
      }
      if (complete < bytes.length) {
        await handle.truncate(complete);
        await handle.sync();
      }
      return { journal: new CitationsJournal(handle, complete, file), entries, dropped };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Resolves with the line's place once it is on disk. */
  append(record: object): Promise<{ offset: number; length: number }> {
    if (this.#broken) return Promise.reject(this.#broken);
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`);
    return new Promise<number>((resolve, reject) => {
      this.#pending.push({ bytes, resolve, reject });
      if (!this.#writing) {
        this.#writing = true;
        this.#draining = this.#drain();
      }
    }).then((offset) => ({ offset, length: bytes.length - 1 }));
  }

  /** The line at this place, parsed. */
  async read(offset: number, length: number): Promise<unknown> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return JSON.parse(buffer.toString('utf8', 0, bytesRead));
  }

  /** Writes what is already queued, then closes; later appends are refused. */
  async close(): Promise<void> {
    this.#broken ??= new Error(`${this.file} is closed`);
    await this.#draining;
    await this.handle.close();
  }

  /** Writes batches until none is pending. #writing is cleared synchronously after the last check, so an
   *  append made by a caller a batch just resumed always starts a new drain (none can wait forever). */
  async #drain(): Promise<void> {
    for (;;) {
      if (this.#pending.length === 0) {
        this.#writing = false;
        return;
      }
      const batch = this.#pending.splice(0);
      const bytes = Buffer.concat(batch.map((p) => p.bytes));
      try {
        let offset = 0;
        while (offset < bytes.length) offset += (await this.handle.write(bytes, offset, bytes.length - offset)).bytesWritten;
        await this.handle.datasync();
        let at = this.#size;
        for (const p of batch) {
          p.resolve(at);
          at += p.bytes.length;
        }
        this.#size = at;
      } catch (error) {
        for (const p of batch) p.reject(error);
        await this.#recover(error);
      }
    }
  }

  /** After a failed append, cut back to the last acknowledged line so no later line is glued to a partial one. */
  async #recover(cause: unknown): Promise<void> {
    try {
      await this.handle.truncate(this.#size);
      await this.handle.sync();
    } catch {
      this.#broken = new Error(`${this.file} cannot be written (${String(cause)}); restart the server`);
      for (const p of this.#pending.splice(0)) p.reject(this.#broken);
    }
  }
}

function parseLine<T>(line: string, parse: (value: unknown) => T | null): T | null {
  try {
    return parse(JSON.parse(line));
  } catch {
    return null;
  }
}
