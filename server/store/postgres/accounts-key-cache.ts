/**
 * API keys by hash, remembered between requests, kept exact across processes by PostgreSQL's
 * LISTEN/NOTIFY: revoking a key commits the change and a notification on `citable_keys` in one
 * statement; every process listening drops the key at once, so the revocation holds from the next
 * request everywhere (as with the embedded store, give or take the moment the notification travels).
 * Caching is on only while the listening connection is up: when it drops, the cache is emptied and
 * every lookup asks the database until the connection is back (a missed notification can do no harm).
 * A key is remembered only if no notification arrived while it was being read, so a revocation that
 * commits during the read is never overwritten by the older row. Only found keys are remembered: a new
 * key is read from the database on its first use.
 * (Changing api_keys by hand? Run `NOTIFY citable_keys, '*'`, or restart the servers.)
 */
import pg from 'pg';
import type { ApiKeyRecord } from '../contracts/accounts.js';

export const KEYS_CHANNEL = 'citable_keys';

export class KeyCache {
  readonly #keys = new Map<string, ApiKeyRecord>();
  #listener: pg.Client | null = null;
  #live = false;
  #generation = 0;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;

  constructor(private readonly url: string) {}

  /** Starts listening; resolves once the first attempt is over (caching stays off if it failed). */
  async start(): Promise<void> {
    await this.#listen();
  }

  /** The generation to pass to `remember` after reading a key from the database. */
  get generation(): number {
    return this.#generation;
  }

  get live(): boolean {
    return this.#live;
  }

  get(hash: string): ApiKeyRecord | undefined {
    const key = this.#live ? this.#keys.get(hash) : undefined;
    return key && { ...key };
  }

  remember(key: ApiKeyRecord, readAt: number): void {
    if (this.#live && readAt === this.#generation && key.revoked_at === null) this.#keys.set(key.hash, { ...key });
  }

  forget(hash: string): void {
    this.#generation++;
    this.#keys.delete(hash);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#off();
    if (this.#retry) clearTimeout(this.#retry);
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => undefined);
  }

  async #listen(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'citable-key-listener' });
    client.on('notification', (message) => {
      if (message.channel !== KEYS_CHANNEL) return;
      this.#generation++;
      if (!message.payload || message.payload === '*') this.#keys.clear();
      else this.#keys.delete(message.payload);
    });
    const lost = () => {
      if (this.#listener !== client) return;
      this.#listener = null;
      this.#off();
      client.end().catch(() => undefined);
      if (!this.#closed) {
        this.#retry = setTimeout(() => void this.#listen(), 1_000);
        this.#retry.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${KEYS_CHANNEL}`);
    } catch {
      this.#listener = client;
      lost();
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#listener = client;
    this.#keys.clear(); // whatever happened while nobody listened
    this.#generation++;
    this.#live = true;
  }

  #off(): void {
    this.#live = false;
    this.#generation++;
    this.#keys.clear();
  }
}
