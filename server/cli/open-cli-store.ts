import { access } from 'node:fs/promises';
import { readStoreSettings } from '../settings/store-settings.js';
import { openCliStoreFrom } from '../store/factory.js';
import type { Store } from '../store/contracts/store.js';
import type { CliIo } from './io.js';
import { table } from './report/text.js';

/**
 * The store the server uses: PostgreSQL when DATABASE_URL is set, else DATA_DIR (default ./data), read
 * by the server's own reader. Account and key changes are locked, durable writes (or committed
 * transactions), so this is safe while the server runs; the server sees them on its next request.
 * `existing`: a command that only reads or changes what is there gets null when the data directory does
 * not exist, instead of creating an empty one.
 */
export async function openCliStore(io: CliIo, options: { existing: true }): Promise<Store | null>;
export async function openCliStore(io: CliIo, options?: { existing?: false }): Promise<Store>;
export async function openCliStore(io: CliIo, options: { existing?: boolean } = {}): Promise<Store | null> {
  const settings = readStoreSettings(io.env);
  if (
    options.existing &&
    !settings.databaseUrl &&
    !(await access(settings.dataDir).then(
      () => true,
      () => false,
    ))
  )
    return null;
  return openCliStoreFrom(settings);
}

/** Left-aligned columns for list output, as the audit report aligns them (report/text.ts), one line each. */
export function tableText(rows: string[][]): string {
  return `${table(rows, '').join('\n')}\n`;
}

/**
 * Why an account or key was not found when there is no store at all (no DATABASE_URL, no data directory):
 * where the command looked and what to set; empty when a store exists (the id is then simply unknown).
 */
export async function whereItLooked(io: CliIo): Promise<string> {
  const settings = readStoreSettings(io.env);
  if (
    settings.databaseUrl ||
    (await access(settings.dataDir).then(
      () => true,
      () => false,
    ))
  )
    return '';
  return (
    `: there is no data directory at ${settings.dataDir}. ` +
    'If the server stores its data in PostgreSQL, set DATABASE_URL as it does; if it uses another directory, set DATA_DIR.'
  );
}
