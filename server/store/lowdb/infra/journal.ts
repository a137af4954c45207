/**
 * An append-only JSON-lines file: the audit index (DATA_DIR/audits.journal) and the citation journals.
 * An append resolves after fdatasync, with the line's place in the file so it can be read back later
 * without being kept in memory; appends arriving while one is syncing share the next sync (group
 * commit). At open every line is read; a torn last line (a crash mid-append) is dropped and cut off, so
 * the next append starts on a clean line. An append costs the same however long the file is.
 */
import { access, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDirectory } from './durable-write.js';

export interface JournalEntry<T> {
  value: T;
  offset: number;
  length: number;
}

export interface JournalOpen<T> {
  journal: Journal;
  entries: JournalEntry<T>[];
  /** Lines that did not parse or validate (a torn tail, or damage), skipped. */
  dropped: number;
  /** Of those, complete lines that did not parse: damage, not an interrupted append. */
  damaged: number;
}

/** Turns a parsed line into a record, or null when the line is not one (it is then counted as dropped). */
export type JournalParse<T> = (value: unknown, line: string) => T | null;

const READ_CHUNK = 4 * 1024 * 1024;

interface PendingAppend {
  bytes: Buffer;
  resolve: (offset: number) => void;
  reject: (error: unknown) => void;
}

export class Journal {
  #pending: PendingAppend[] = [];
  #writing = false;
  #draining: Promise<void> = Promise.resolve();
  #broken: Error | null = null;
  #size: number;

  private constructor(
    private readonly handle: FileHandle,
    size: number,
    readonly file: string,
  ) {
    this.#size = size;
  }

  /** Reads every valid line, cuts a torn tail, and opens the journal for appending. */
  static async open<T>(file: string, parse: JournalParse<T>): Promise<JournalOpen<T>> {
    const existed = await access(file).then(
      () => true,
      () => false,
    );
    const handle = await open(file, 'a+', 0o600);
    try {
      if (!existed) await fsyncDirectory(path.dirname(file)); // the new file's name must survive a crash too
      const bytes = await handle.readFile();
      const complete = bytes.lastIndexOf(0x0a) + 1; // bytes up to and including the last full line
      const entries: JournalEntry<T>[] = [];
      const torn = complete < bytes.length ? 1 : 0;
      let damaged = 0;
      let start = 0;
      while (start < complete) {
        const end = bytes.indexOf(0x0a, start);
        if (end > start) {
          const line = bytes.toString('utf8', start, end);
          const value = parseLine(line, parse);
          if (value === null) damaged++;
          else entries.push({ value, offset: start, length: end - start });
        }
        start = end + 1;
      }
      if (complete < bytes.length) {
        await handle.truncate(complete);
        await handle.sync();
      }
      return { journal: new Journal(handle, complete, file), entries, dropped: torn + damaged, damaged };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /**
   * Like open(), for a journal too large to hold: the file is read in chunks and each valid line is handed
   * to `onEntry` as it is parsed, nothing kept. A torn tail is cut off the same way.
   */
  static async openEach<T>(
    file: string,
    parse: JournalParse<T>,
    onEntry: (entry: JournalEntry<T>) => void,
  ): Promise<Omit<JournalOpen<T>, 'entries'>> {
    const existed = await access(file).then(
      () => true,
      () => false,
    );
    const handle = await open(file, 'a+', 0o600);
    try {
      if (!existed) await fsyncDirectory(path.dirname(file));
      const { size } = await handle.stat();
      const chunk = Buffer.alloc(READ_CHUNK);
      let carry = Buffer.alloc(0);
      let position = 0;
      let damaged = 0;
      let complete = 0; // bytes up to and including the last full line
      while (position < size) {
        const { bytesRead } = await handle.read(chunk, 0, Math.min(READ_CHUNK, size - position), position);
        if (bytesRead === 0) break;
        const bytes = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
        const base = position - carry.length;
        position += bytesRead;
        let start = 0;
        for (let end = bytes.indexOf(0x0a, start); end !== -1; end = bytes.indexOf(0x0a, start)) {
          if (end > start) {
            const value = parseLine(bytes.toString('utf8', start, end), parse);
            if (value === null) damaged++;
            else onEntry({ value, offset: base + start, length: end - start });
          }
          start = end + 1;
          complete = base + start;
        }
        carry = Buffer.from(bytes.subarray(start));
      }
      const torn = complete < size ? 1 : 0;
      if (torn) {
        await handle.truncate(complete);
        await handle.sync();
      }
      return { journal: new Journal(handle, complete, file), dropped: torn + damaged, damaged };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Appends one line (a record, or JSON text without its newline); resolves with its place once it is on disk. */
  append(record: string | object): Promise<{ offset: number; length: number }> {
    if (this.#broken) return Promise.reject(this.#broken);
    const bytes = Buffer.from(`${typeof record === 'string' ? record : JSON.stringify(record)}\n`);
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
        let written = 0;
        while (written < bytes.length) written += (await this.handle.write(bytes, written, bytes.length - written)).bytesWritten;
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

function parseLine<T>(line: string, parse: JournalParse<T>): T | null {
  try {
    return parse(JSON.parse(line), line);
  } catch {
    return null;
  }
}
