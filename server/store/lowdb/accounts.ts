/**
 * Accounts and API keys: a small lowdb document (DATA_DIR/accounts.json) written atomically and durably.
 * The server and the `citable` CLI share it, so every change is a locked read-modify-write of the file,
 * and readers reload it when the file changed (a new or revoked key takes effect on the next request).
 * AccountsDb is the file; LowdbAccountStore the AccountStore over it.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { Low } from 'lowdb';
import { randomBase62 } from '../../util/base62.js';
import {
  newKeyRecord,
  withKeyDefaults,
  type Account,
  type AccountStore,
  type ApiKeyRecord,
  type NewKeyInput,
  type Plan,
} from '../contracts/accounts.js';
import { DurableJsonFile } from './infra/durable-json-adapter.js';
import { withFileLock } from './infra/file-lock.js';

export interface AccountsData {
  version: 1;
  accounts: Account[];
  keys: ApiKeyRecord[];
}

const empty = (): AccountsData => ({ version: 1, accounts: [], keys: [] });

export class AccountsDb {
  readonly #db: Low<AccountsData>;
  readonly #file: string;
  #fileStamp = '';
  #accounts = new Map<string, Account>();
  #keysByHash = new Map<string, ApiKeyRecord>();
  #localWrites: Promise<unknown> = Promise.resolve();

  private constructor(file: string) {
    this.#file = file;
    this.#db = new Low(new DurableJsonFile<AccountsData>(file), empty());
  }

  static async open(dataDir: string): Promise<AccountsDb> {
    const db = new AccountsDb(path.join(dataDir, 'accounts.json'));
    await db.#reload();
    return db;
  }

  /** Current data, reloaded first when another process (the CLI) changed the file. */
  async current(): Promise<AccountsData> {
    if (this.#stamp() !== this.#fileStamp) await this.#reload();
    return this.#db.data;
  }

  async account(id: string): Promise<Account | null> {
    await this.current();
    return this.#accounts.get(id) ?? null;
  }

  async keyByHash(hash: string): Promise<ApiKeyRecord | null> {
    await this.current();
    return this.#keysByHash.get(hash) ?? null;
  }

  /** Applies `change` to the freshest data under the cross-process lock and writes it durably. */
  mutate<T>(change: (data: AccountsData) => T): Promise<T> {
    const run = this.#localWrites.then(() =>
      withFileLock(`${this.#file}.lock`, async () => {
        await this.#reload();
        const result = change(this.#db.data);
        await this.#db.write();
        this.#index();
        this.#fileStamp = this.#stamp();
        return result;
      }),
    );
    this.#localWrites = run.catch(() => undefined);
    return run;
  }

  async #reload(): Promise<void> {
    const stamp = this.#stamp();
    await this.#db.read();
    if (stamp === 'absent') this.#db.data = empty();
    // Keys written before scopes and expiry: full access, no expiry (written back whole at the next change).
    this.#db.data.keys = this.#db.data.keys.map(withKeyDefaults);
    this.#index();
    this.#fileStamp = stamp;
  }

  #index(): void {
    this.#accounts = new Map(this.#db.data.accounts.map((a) => [a.id, a]));
    this.#keysByHash = new Map(this.#db.data.keys.map((k) => [k.hash, k]));
  }

  /** Identity of the file's current version: a durable write renames a new inode into place. */
  #stamp(): string {
    try {
      const s = statSync(this.#file, { bigint: true });
      return `${s.ino}:${s.mtimeNs}:${s.size}`;
    } catch {
      return 'absent';
    }
  }
}

export class LowdbAccountStore implements AccountStore {
  private constructor(
    private readonly accounts: AccountsDb,
    private readonly now: () => Date,
  ) {}

  static async open(dataDir: string, now: () => Date = () => new Date()): Promise<LowdbAccountStore> {
    return new LowdbAccountStore(await AccountsDb.open(dataDir), now);
  }

  createAccount(input: { name: string; plan: Plan }): Promise<Account> {
    const account: Account = { id: `acct_${randomBase62(12)}`, name: input.name, plan: input.plan, created_at: this.now().toISOString() };
    return this.accounts.mutate((data) => {
      data.accounts.push(account);
      return account;
    });
  }

  getAccount(id: string): Promise<Account | null> {
    return this.accounts.account(id);
  }

  async listAccounts(): Promise<Account[]> {
    return [...(await this.accounts.current()).accounts];
  }

  createKey(input: NewKeyInput): Promise<ApiKeyRecord> {
    const key = newKeyRecord(`key_${randomBase62(12)}`, input, this.now().toISOString());
    return this.accounts.mutate((data) => {
      if (!data.accounts.some((a) => a.id === input.account_id)) throw new Error(`no account ${input.account_id}`);
      data.keys.push(key);
      return key;
    });
  }

  findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.accounts.keyByHash(hash);
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return (await this.accounts.current()).keys.filter((k) => k.account_id === accountId);
  }

  /** Removes the account and its keys (account deletion); returns how many keys it had. */
  removeAccount(id: string): Promise<number> {
    return this.accounts.mutate((data) => {
      const keys = data.keys.filter((k) => k.account_id === id).length;
      data.accounts = data.accounts.filter((a) => a.id !== id);
      data.keys = data.keys.filter((k) => k.account_id !== id);
      return keys;
    });
  }

  revokeKey(id: string): Promise<ApiKeyRecord | null> {
    const revokedAt = this.now().toISOString();
    return this.accounts.mutate((data) => {
      const key = data.keys.find((k) => k.id === id);
      if (key) key.revoked_at ??= revokedAt;
      return key ?? null;
    });
  }
}
