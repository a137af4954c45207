/**
 * An append-only file of opaque records (the runs' compressed answer texts, DATA_DIR/citations/runs.blob):
 * appends are written one after the other and each resolves with the record's place once it is
 * fdatasynced; a record is read back by its place. Nothing is read at open: the rows that point into it say
 * where their records are, and a record cut short by a crash is never pointed at.
 */
import { access, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDirectory } from './durable-write.js';

export class AppendFile {
  #size: number;
  #tail: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(
    private readonly handle: FileHandle,
    size: number,
  ) {
    this.#size = size;
  }

  static async open(file: string): Promise<AppendFile> {
    const existed = await access(file).then(
      () => true,
      () => false,
    );
    const handle = await open(file, 'a+', 0o600);
    if (!existed) await fsyncDirectory(path.dirname(file));
    return new AppendFile(handle, (await handle.stat()).size);
  }

  get size(): number {
    return this.#size;
  }

  /** Appends `bytes`; resolves with where they are once they are on disk. */
  append(bytes: Buffer): Promise<{ offset: number; length: number }> {
    if (this.#closed) return Promise.reject(new Error('the runs file is closed'));
    const offset = this.#size;
    this.#size += bytes.length;
    const done = this.#tail.then(async () => {
      let written = 0;
      while (written < bytes.length) written += (await this.handle.write(bytes, written, bytes.length - written)).bytesWritten;
      await this.handle.datasync();
      return { offset, length: bytes.length };
    });
    // After a failed write the places of later records are unknown: refuse them (a restart reopens at the real size).
    this.#tail = done.catch(() => {
      this.#closed = true;
    });
    return done;
  }

  async read(offset: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#tail;
    await this.handle.close();
  }
}
