/**
 * A small JSON document the server and the `citable` CLI share (monitors.json, webhooks.json), kept the
 * way accounts.json is: lowdb over an atomic, fsynced file, every change a read-modify-write under a
 * cross-process lock file, and readers reloading when the file changed (a durable write renames a new
 * inode into place, so the inode, time and size tell a new version).
 */
import { statSync } from 'node:fs';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-json-adapter.js';
import { withFileLock } from './file-lock.js';

export class SharedJsonDoc<T> {
  readonly #db: Low<T>;
  #stamp = '';
  #localWrites: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly file: string,
    private readonly empty: () => T,
    /** Called with the data after every load and change (to rebuild indexes). */
    private readonly onData: (data: T) => void,
  ) {
    this.#db = new Low(new DurableJsonFile<T>(file), empty());
  }

  static async open<T>(file: string, empty: () => T, onData: (data: T) => void = () => undefined): Promise<SharedJsonDoc<T>> {
    const doc = new SharedJsonDoc(file, empty, onData);
    await doc.#reload();
    return doc;
  }

  /** The current data, reloaded first when another process changed the file. Treat it as read-only. */
  async current(): Promise<T> {
    if (this.#fileStamp() !== this.#stamp) await this.#reload();
    return this.#db.data;
  }

  /** Applies `change` to the freshest data under the lock and writes it durably before resolving. */
  mutate<R>(change: (data: T) => R): Promise<R> {
    const run = this.#localWrites.then(() =>
      withFileLock(`${this.file}.lock`, async () => {
        await this.#reload();
        const result = change(this.#db.data);
        await this.#db.write();
        this.#stamp = this.#fileStamp();
        this.onData(this.#db.data);
        return result;
      }),
    );
    this.#localWrites = run.catch(() => undefined);
    return run;
  }

  async #reload(): Promise<void> {
    const stamp = this.#fileStamp();
    await this.#db.read();
    if (stamp === 'absent' || this.#db.data === null) this.#db.data = this.empty();
    this.#stamp = stamp;
    this.onData(this.#db.data);
  }

  #fileStamp(): string {
    try {
      const s = statSync(this.file, { bigint: true });
      return `${s.ino}:${s.mtimeNs}:${s.size}`;
    } catch {
      return 'absent';
    }
  }
}
