/**
 * Seeds a data directory with N stored audits quickly, in the store's own layout (accounts.json,
 * audits/<xx>/<id>.json, audits.journal), without an fsync per audit: benchmarks need 100,000 audits
 * in seconds, not the hours durable writes one by one would take. One Agency account, one known key.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateApiKey } from '../server/auth/api-key.js';
import type { AuditRecord } from '../server/store/contracts/audits.js';
import { journalLine } from '../server/store/lowdb/audits-lines.js';
import { extensionAudit } from '../tests/server/helpers/extension-audit.js';

export interface SeededDataDir {
  dataDir: string;
  key: string;
  accountId: string;
  ids: string[];
}

export async function seedDataDir(dataDir: string, count: number): Promise<SeededDataDir> {
  const accountId = 'acct_benchAccount';
  const key = generateApiKey();
  await mkdir(dataDir, { recursive: true });
  await writeFile(
    path.join(dataDir, 'accounts.json'),
    JSON.stringify({
      version: 1,
      accounts: [{ id: accountId, name: 'Bench', plan: 'agency', created_at: new Date().toISOString() }],
      keys: [
        {
          id: 'key_benchKey0001',
          account_id: accountId,
          name: 'bench',
          prefix: key.prefix,
          hash: key.hash,
          created_at: new Date().toISOString(),
          revoked_at: null,
        },
      ],
    }),
  );
  for (let i = 0; i < 256; i++) await mkdir(path.join(dataDir, 'audits', i.toString(16).padStart(2, '0')), { recursive: true });

  const template = { ...extensionAudit(), origin: 'server' as const };
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const ids: string[] = [];
  const lines: string[] = [];
  const batch = 256;
  for (let from = 0; from < count; from += batch) {
    const writes: Promise<void>[] = [];
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const id = randomUUID();
      const url = `https://site-${i % 5000}.example/page-${i}`;
      const audit = { ...template, id, url, final_url: url, scanned_at: new Date(start + i * 60_000).toISOString() };
      const json = JSON.stringify(audit);
      const record: AuditRecord = {
        id,
        url,
        final_url: url,
        score: audit.score,
        builder: audit.builder,
        status: audit.status,
        origin: audit.origin,
        scanned_at: audit.scanned_at,
        account_id: accountId,
        hash: createHash('sha256').update(json).digest('hex'),
      };
      lines.push(`${journalLine(record)}\n`);
      ids.push(id);
      writes.push(writeFile(path.join(dataDir, 'audits', id.slice(0, 2), `${id}.json`), json));
    }
    await Promise.all(writes);
  }
  await writeFile(path.join(dataDir, 'audits.journal'), lines.join(''));
  return { dataDir, key: key.key, accountId, ids };
}
