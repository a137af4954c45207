/**
 * Accounts and API keys in PostgreSQL (the accounts and api_keys tables). Accounts are remembered by id
 * once read; keys by hash when the store caches them (accounts-key-cache.ts: a revocation in any process
 * reaches every process through LISTEN/NOTIFY).
 */
import type pg from 'pg';
import { randomBase62 } from '../../util/base62.js';
import { newKeyRecord, type Account, type AccountStore, type ApiKeyRecord, type NewKeyInput, type Plan } from '../contracts/accounts.js';
import { KEYS_CHANNEL, type KeyCache } from './accounts-key-cache.js';

const KEY_COLUMNS = 'id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at';

export class PostgresAccountStore implements AccountStore {
  /**
   * Accounts by id. An account never changes and is never deleted once created (the Store has no such
   * call), so remembering it is always correct, and saves a query on every authenticated request.
   */
  readonly #accounts = new Map<string, Account>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly keys: KeyCache | null,
    private readonly now: () => Date,
  ) {}

  #now(): string {
    return this.now().toISOString();
  }

  async createAccount(input: { name: string; plan: Plan }): Promise<Account> {
    const account: Account = { id: `acct_${randomBase62(12)}`, name: input.name, plan: input.plan, created_at: this.#now() };
    await this.pool.query('INSERT INTO accounts (id, name, plan, created_at) VALUES ($1, $2, $3, $4)', [
      account.id,
      account.name,
      account.plan,
      account.created_at,
    ]);
    this.#accounts.set(account.id, account);
    return account;
  }

  async getAccount(id: string): Promise<Account | null> {
    const known = this.#accounts.get(id);
    if (known) return { ...known };
    const { rows } = await this.pool.query<Account>({
      name: 'citable-get-account',
      text: 'SELECT id, name, plan, created_at FROM accounts WHERE id = $1',
      values: [id],
    });
    if (!rows[0]) return null;
    this.#accounts.set(id, account(rows[0]));
    return account(rows[0]);
  }

  /** After the account's deletion: this process forgets it and its keys at once (others by the notification). */
  forgetAccount(id: string, keyHashes: readonly string[]): void {
    this.#accounts.delete(id);
    for (const hash of keyHashes) this.keys?.forget(hash);
  }

  async listAccounts(): Promise<Account[]> {
    const { rows } = await this.pool.query<Account>('SELECT id, name, plan, created_at FROM accounts ORDER BY seq');
    return rows.map(account);
  }

  async createKey(input: NewKeyInput): Promise<ApiKeyRecord> {
    const key = newKeyRecord(`key_${randomBase62(12)}`, input, this.#now());
    try {
      await this.pool.query(`INSERT INTO api_keys (${KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
        key.id,
        key.account_id,
        key.name,
        key.prefix,
        key.hash,
        key.created_at,
        key.revoked_at,
        key.scope,
        key.expires_at,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === '23503') throw new Error(`no account ${input.account_id}`, { cause: error }); // foreign key
      throw error;
    }
    return key;
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const cached = this.keys?.get(hash);
    if (cached) return cached;
    const generation = this.keys?.generation ?? 0;
    const { rows } = await this.pool.query<ApiKeyRecord>({
      name: 'citable-key-by-hash',
      text: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE hash = $1`,
      values: [hash],
    });
    if (!rows[0]) return null;
    const key = apiKey(rows[0]);
    this.keys?.remember(key, generation);
    return key;
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const { rows } = await this.pool.query<ApiKeyRecord>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY seq`, [
      accountId,
    ]);
    return rows.map(apiKey);
  }

  /** Revokes and notifies every process that caches keys, in one statement (the notification leaves on commit). */
  async revokeKey(id: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.pool.query<ApiKeyRecord>(
      `WITH revoked AS (UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING ${KEY_COLUMNS})
       SELECT revoked.*, pg_notify('${KEYS_CHANNEL}', revoked.hash) FROM revoked`,
      [id, this.#now()],
    );
    if (!rows[0]) return null;
    this.keys?.forget(rows[0].hash);
    return apiKey(rows[0]);
  }
}

function account(row: Account): Account {
  return { id: row.id, name: row.name, plan: row.plan, created_at: row.created_at };
}

function apiKey(row: ApiKeyRecord): ApiKeyRecord {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    prefix: row.prefix,
    hash: row.hash,
    created_at: row.created_at,
    revoked_at: row.revoked_at,
    scope: row.scope,
    expires_at: row.expires_at,
  };
}
