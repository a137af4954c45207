import { readFile } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { writeFileDurable } from './durable-write.js';

/** A lowdb adapter whose writes are atomic and fsynced (see durable-write.ts); reads parse JSON. */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(readonly file: string) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`${this.file} is not valid JSON; restore it from a backup or remove it to start empty`);
    }
  }

  write(data: T): Promise<void> {
    return writeFileDurable(this.file, `${JSON.stringify(data, null, 2)}\n`);
  }
}
