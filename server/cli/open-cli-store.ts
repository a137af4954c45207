import path from 'node:path';
import { openCliStoreFrom } from '../store/factory.js';
import type { Store } from '../store/store.js';
import type { CliIo } from './io.js';

/**
 * The store the server uses: PostgreSQL when DATABASE_URL is set, else DATA_DIR (default ./data).
 * Account and key changes are locked, durable writes (or committed transactions), so this is safe while
 * the server runs; the server sees them on its next request.
 */
export function openCliStore(io: CliIo): Promise<Store> {
  return openCliStoreFrom(io.env, path.resolve(io.env.DATA_DIR || './data'));
}

/** Left-aligned columns for list output. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n') + '\n';
}
