import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalHash } from '../../../server/audits/canonical-hash.js';
import { LowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import { extensionAudit } from '../helpers/extension-audit.js';
import type { Audit } from '../../../shared/types/audit.js';

function auditAt(scannedAt: string, url = 'https://shop.example/'): Audit {
  return { ...extensionAudit(), scanned_at: scannedAt, url, final_url: url };
}

/** What only the lowdb store does (its files and journal); the behaviour every store shares is in store-contract.ts. */
describe('LowdbStore', () => {
  let dir: string;
  let store: LowdbStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-store-'));
    store = await LowdbStore.open(dir);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('storing an audit writes its own file and one journal line, and rewrites nothing else', async () => {
    const first = extensionAudit();
    await store.createAccount({ name: 'A', plan: 'agency' });
    await store.putAudit('acct_a', first, canonicalHash(first));
    const firstFile = path.join(dir, 'audits', first.id.slice(0, 2), `${first.id}.json`);
    const before = {
      firstFile: await stat(firstFile),
      accounts: await stat(path.join(dir, 'accounts.json')),
      journal: await readFile(path.join(dir, 'audits.journal'), 'utf8'),
    };
    await new Promise((resolve) => setTimeout(resolve, 20)); // let mtimes differ if anything were rewritten

    const second = extensionAudit();
    await store.putAudit('acct_a', second, canonicalHash(second));

    const firstAfter = await stat(firstFile);
    expect([firstAfter.ino, firstAfter.mtimeMs]).toEqual([before.firstFile.ino, before.firstFile.mtimeMs]);
    const accountsAfter = await stat(path.join(dir, 'accounts.json'));
    expect([accountsAfter.ino, accountsAfter.mtimeMs]).toEqual([before.accounts.ino, before.accounts.mtimeMs]);
    const journal = await readFile(path.join(dir, 'audits.journal'), 'utf8');
    expect(journal.startsWith(before.journal)).toBe(true);
    const added = journal.slice(before.journal.length);
    expect(added.split('\n')).toEqual([expect.stringContaining(second.id), '']);
    expect(added).not.toContain('issues'); // the journal holds the index, not the audit
  });

  it('reopening restores every stored audit and the index; temp leftovers of a crash are swept', async () => {
    const audits = Array.from({ length: 25 }, (_, i) => auditAt(new Date(Date.UTC(2026, 10, 21, 0, i)).toISOString()));
    await Promise.all(audits.map((a) => store.putAudit('acct_a', a, canonicalHash(a))));
    await store.close();
    await mkdir(path.join(dir, 'audits', '.tmp'), { recursive: true });
    await writeFile(path.join(dir, 'audits', '.tmp', `.${randomUUID()}.json.abc.tmp`), '{"half');

    store = await LowdbStore.open(dir);
    expect(await store.countAudits()).toBe(25);
    for (const a of audits) expect(JSON.parse(String(await store.getAuditJson('acct_a', a.id)))).toEqual(a);
    const page = await store.listAudits('acct_a', { limit: 5 });
    expect(page.audits[0]!.id).toBe(audits[24]!.id);
    expect(await readdir(path.join(dir, 'audits', '.tmp'))).toEqual([]);
  });

  it('a journal line never names a missing file: an audit file without a line is simply not stored', async () => {
    // What a crash between the two writes leaves: the file, no journal line. The put was never acknowledged.
    const orphan = extensionAudit();
    await mkdir(path.join(dir, 'audits', orphan.id.slice(0, 2)), { recursive: true });
    await writeFile(path.join(dir, 'audits', orphan.id.slice(0, 2), `${orphan.id}.json`), '{"partial');
    await store.close();
    store = await LowdbStore.open(dir);
    expect(await store.getAuditJson('acct_a', orphan.id)).toBeNull();
    expect(await store.putAudit('acct_a', orphan, canonicalHash(orphan))).toBe('created'); // the retry overwrites it
    expect(JSON.parse(String(await store.getAuditJson('acct_a', orphan.id)))).toEqual(orphan);
  });
});
