/** Accounts and keys written straight into a data directory (as `citable accounts/keys create` would), before or while a server runs. */
import { generateApiKey } from '../../../server/auth/api-key.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import type { Plan } from '../../../server/store/contracts/accounts.js';

export interface TestAccount {
  accountId: string;
  keyId: string;
  key: string;
}

export async function createAccounts(dataDir: string, count: number, plan: Plan = 'agency'): Promise<TestAccount[]> {
  const store = await LowdbStore.open(dataDir);
  try {
    const accounts: TestAccount[] = [];
    for (let i = 0; i < count; i++) {
      const account = await store.createAccount({ name: `stress ${i + 1}`, plan });
      const key = generateApiKey();
      const record = await store.createKey({ account_id: account.id, name: 'stress', prefix: key.prefix, hash: key.hash });
      accounts.push({ accountId: account.id, keyId: record.id, key: key.key });
    }
    return accounts;
  } finally {
    await store.close();
  }
}

/** A second key for an existing account. */
export async function createKey(dataDir: string, accountId: string): Promise<{ keyId: string; key: string }> {
  const store = await LowdbStore.open(dataDir);
  try {
    const key = generateApiKey();
    const record = await store.createKey({ account_id: accountId, name: 'stress', prefix: key.prefix, hash: key.hash });
    return { keyId: record.id, key: key.key };
  } finally {
    await store.close();
  }
}
