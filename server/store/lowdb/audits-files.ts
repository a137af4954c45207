/**
 * One file per audit: DATA_DIR/audits/<first two hex digits of the id>/<id>.json, written durably.
 * Sharding keeps each directory small; storing one audit never rewrites another. Temp files live in
 * DATA_DIR/audits/.tmp so the leftovers of a crash are swept at start without listing every shard.
 */
import { readFile } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDirectory, writeFileDurable } from './infra/durable-write.js';
import { AUDIT_ID } from '../../audits/audit-id.js';

export class AuditFiles {
  private constructor(
    readonly dir: string,
    readonly tempDir: string,
  ) {}

  static async open(dataDir: string): Promise<AuditFiles> {
    const dir = path.join(dataDir, 'audits');
    const tempDir = path.join(dir, '.tmp');
    if (await mkdir(dir, { recursive: true })) await fsyncDirectory(dataDir);
    await rm(tempDir, { recursive: true, force: true }); // leftovers of writes a crash interrupted
    await mkdir(tempDir);
    return new AuditFiles(dir, tempDir);
  }

  async write(id: string, json: Uint8Array): Promise<void> {
    const file = this.#pathFor(id);
    if (await mkdir(path.dirname(file), { recursive: true })) await fsyncDirectory(this.dir);
    await writeFileDurable(file, json, { tempDir: this.tempDir });
  }

  /** The audit's JSON bytes. (The callback API: about half the per-read cost of fs/promises on the hot GET path.) */
  read(id: string): Promise<Buffer> {
    const file = this.#pathFor(id);
    return new Promise((resolve, reject) => readFile(file, (error, data) => (error ? reject(error) : resolve(data))));
  }

  /** Every audit id with a file (for the sweep after a crash, tools and tests; serving never lists). */
  async ids(): Promise<string[]> {
    const ids: string[] = [];
    for (const shard of await readdir(this.dir)) {
      if (shard.startsWith('.')) continue;
      for (const name of await readdir(path.join(this.dir, shard))) {
        const id = name.slice(0, -5);
        if (name.endsWith('.json') && AUDIT_ID.test(id)) ids.push(id);
      }
    }
    return ids;
  }

  async remove(id: string): Promise<void> {
    await rm(this.#pathFor(id), { force: true });
  }

  #pathFor(id: string): string {
    // Ids reach here only from validated input; checking again keeps any other string out of a path.
    if (!AUDIT_ID.test(id)) throw new Error(`not an audit id: ${JSON.stringify(id)}`);
    return path.join(this.dir, id.slice(0, 2), `${id}.json`);
  }
}
