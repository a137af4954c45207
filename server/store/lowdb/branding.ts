/**
 * Branding in the embedded store: one file per account, DATA_DIR/reports/branding/<account id>.json, replaced
 * atomically and durably (a logo can be 270 KB of base64: rewriting it in a shared file at every change of
 * another account would cost more). Read once per account, then kept in memory.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrandingStore, StoredBranding } from '../contracts/branding.js';
import { writeFileDurable } from './infra/durable-write.js';

/** Account ids are `acct_` + base62: anything else never names a file. */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class LowdbBrandingStore implements BrandingStore {
  readonly #cache = new Map<string, StoredBranding | null>();
  readonly #writes = new Map<string, Promise<void>>();

  private constructor(private readonly dir: string) {}

  static async open(dataDir: string): Promise<LowdbBrandingStore> {
    const dir = path.join(dataDir, 'reports', 'branding');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new LowdbBrandingStore(dir);
  }

  async getBranding(accountId: string): Promise<StoredBranding | null> {
    if (!ACCOUNT_ID.test(accountId)) return null;
    await this.#writes.get(accountId);
    if (this.#cache.has(accountId)) return this.#cache.get(accountId) ?? null;
    const branding = await readFile(this.#file(accountId), 'utf8').then(
      (text) => JSON.parse(text) as StoredBranding,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      },
    );
    this.#cache.set(accountId, branding);
    return branding;
  }

  async putBranding(branding: StoredBranding): Promise<void> {
    if (!ACCOUNT_ID.test(branding.account_id)) throw new Error(`not an account id: ${JSON.stringify(branding.account_id)}`);
    const previous = this.#writes.get(branding.account_id) ?? Promise.resolve();
    // One write per account at a time, in order: the last PUT is what stays on disk.
    const write = previous
      .catch(() => undefined)
      .then(async () => {
        await writeFileDurable(this.#file(branding.account_id), JSON.stringify(branding));
        this.#cache.set(branding.account_id, branding);
      });
    this.#writes.set(branding.account_id, write);
    try {
      await write;
    } finally {
      if (this.#writes.get(branding.account_id) === write) this.#writes.delete(branding.account_id);
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#writes.values());
  }

  #file(accountId: string): string {
    return path.join(this.dir, `${accountId}.json`);
  }
}
