/** First start: with no account yet, create one Agency account and its first key, and print the key once. */
import { generateApiKey } from '../auth/api-key.js';
import type { StoreSettings } from '../settings/store-settings.js';
import type { Account } from '../store/contracts/accounts.js';
import type { Store } from '../store/contracts/store.js';

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

/** `store`: where the server keeps its data, so the banner's command for more keys reaches the same store. */
export function firstKeyBanner({ account, key }: FirstAccount, baseUrl: string, store: StoreSettings): string {
  return [
    '',
    `Citable: created the account "${account.name}" (${account.id}, Agency plan) and its first API key.`,
    'The key is shown only this once. Keep it secret:',
    '',
    `  ${key}`,
    '',
    `Try: curl -H "Authorization: Bearer ${key}" ${baseUrl}/api/v1/audits`,
    `More keys: ${moreKeysCommand(account.id, store)}`,
    '',
    '',
  ].join('\n');
}

/** The CLI command that creates another key in this server's store. */
function moreKeysCommand(accountId: string, store: StoreSettings): string {
  const command = `npx citable keys create --account ${accountId}`;
  // The URL may hold a password: never print it. The command passes it on from the shell, so pasted where
  // DATABASE_URL is exported (as Scaling out does) it reaches the database, not an empty ./data.
  if (store.databaseUrl)
    return `DATABASE_URL="$DATABASE_URL" ${command}   (with the server's DATABASE_URL in your shell; it is not printed: it may hold a password)`;
  if (store.dataDirChosen) return `DATA_DIR=${shellQuote(store.dataDir)} ${command}`;
  return command;
}

/** A word the shell reads back unchanged: as it is when it has only safe characters, else in single quotes. */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
