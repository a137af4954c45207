import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalHash } from '../../../../server/audits/canonical-hash.js';
import { LowdbStore } from '../../../../server/store/lowdb/store.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import { auditFileOf, plantUnindexedAuditFile } from '../../../helpers/audit-file-layout.js';
import type { Audit } from '../../../../shared/types/audit.js';

function auditAt(scannedAt: string, url = 'https://shop.example/'): Audit {
  return { ...extensionAudit(), scanned_at: scannedAt, url, final_url: url };
}

/** What only the lowdb audit store does (its files and journal); what every store does is in ../contracts/audits.ts. */
describe('LowdbStore audits', () => {
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
    const firstFile = auditFileOf(dir, first.id);
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
    await mkdir(path.dirname(auditFileOf(dir, orphan.id)), { recursive: true });
    await writeFile(auditFileOf(dir, orphan.id), '{"partial');
    await store.close();
    store = await LowdbStore.open(dir);
    expect(await store.getAuditJson('acct_a', orphan.id)).toBeNull();
    expect(await store.putAudit('acct_a', orphan, canonicalHash(orphan))).toBe('created'); // the retry overwrites it
    expect(JSON.parse(String(await store.getAuditJson('acct_a', orphan.id)))).toEqual(orphan);
  });

  describe('after a crash: audit files without a journal line', () => {
    const plant = () => plantUnindexedAuditFile(dir);
    async function reopen(options: Parameters<typeof LowdbStore.open>[1]): Promise<void> {
      await store.close();
      store = await LowdbStore.open(dir, options);
      await store.countAudits(); // the audit half opens (and sweeps) on first use
    }

    it('are removed when asked, before any put; every indexed audit stays', async () => {
      const kept = Array.from({ length: 5 }, () => extensionAudit());
      for (const a of kept) await store.putAudit('acct_a', a, canonicalHash(a));
      const orphans = [await plant(), await plant()];
      await writeFile(path.join(path.dirname(auditFileOf(dir, kept[0]!.id)), 'notes.txt'), 'not an audit'); // not ours: left alone
      const sweeps: unknown[] = [];
      await reopen({ sweepUnindexedFiles: true, onSweep: (s) => sweeps.push(s) });
      expect(sweeps).toEqual([{ removed: 2 }]);
      for (const file of orphans) await expect(stat(file)).rejects.toThrow(/ENOENT/);
      for (const a of kept) expect(JSON.parse(String(await store.getAuditJson('acct_a', a.id)))).toEqual(a);
      expect(await readFile(path.join(path.dirname(auditFileOf(dir, kept[0]!.id)), 'notes.txt'), 'utf8')).toBe('not an audit');
    });

    it('are kept when not asked (a clean restart never lists the files)', async () => {
      const orphan = await plant();
      const sweeps: unknown[] = [];
      await reopen({ onSweep: (s) => sweeps.push(s) });
      expect(sweeps).toEqual([]);
      expect((await stat(orphan)).isFile()).toBe(true);
    });

    it('are kept when the journal has a damaged line: the file may be all that is left of an acknowledged audit', async () => {
      const stored = extensionAudit();
      await store.putAudit('acct_a', stored, canonicalHash(stored));
      const orphan = await plant();
      await store.close();
      await writeFile(path.join(dir, 'audits.journal'), `${await readFile(path.join(dir, 'audits.journal'), 'utf8')}\u0000garbage\n`);
      const sweeps: unknown[] = [];
      store = await LowdbStore.open(dir, { sweepUnindexedFiles: true, onSweep: (s) => sweeps.push(s) });
      expect(await store.countAudits()).toBe(1);
      expect(sweeps).toEqual([{ skipped: 'damaged journal', damagedLines: 1, unindexedFiles: 1 }]);
      expect((await stat(orphan)).isFile()).toBe(true);
    });

    it('a torn last line is not damage: the sweep still runs', async () => {
      const orphan = await plant();
      await store.close();
      await writeFile(path.join(dir, 'audits.journal'), '{"id":"torn');
      const sweeps: unknown[] = [];
      store = await LowdbStore.open(dir, { sweepUnindexedFiles: true, onSweep: (s) => sweeps.push(s) });
      await store.countAudits();
      expect(sweeps).toEqual([{ removed: 1 }]);
      await expect(stat(orphan)).rejects.toThrow(/ENOENT/);
    });
  });
});
