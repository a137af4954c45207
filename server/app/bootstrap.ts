/** First start: with no account yet, create one Agency account and its first key, and print the key once. */
import { generateApiKey } from '../auth/api-key.js';
import type { Account, Store } from '../store/store.js';

export interface FirstAccount {
  account: Account;
  /** The secret key: printed once, never stored. */
  key: string;
}

export async function createFirstAccountIfEmpty(store: Store): Promise<FirstAccount | null> {
  if ((await store.listAccounts()).length > 0) return null;
  const account = await store.createAccount({ name: 'Default', plan: 'agency' });
  const key = generateApiKey();
  await store.createKey({ account_id: account.id, name: 'first key', prefix: key.prefix, hash: key.hash });
  return { account, key: key.key };
}

export function firstKeyBanner({ account, key }: FirstAccount, baseUrl: string): string {
  return [
    '',
    `Citable: created the account "${account.name}" (${account.id}, Agency plan) and its first API key.`,
    'The key is shown only this once. Keep it secret:',
    '',
    `  ${key}`,
    '',
    `Try: curl -H "Authorization: Bearer ${key}" ${baseUrl}/api/v1/audits`,
    `More keys: npx citable keys create --account ${account.id}`,
    '',
    '',
  ].join('\n');
}
