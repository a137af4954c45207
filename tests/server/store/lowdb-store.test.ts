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

  it('put: created, identical, conflict (other content or other account)', async () => {
    const audit = extensionAudit();
    expect(await store.putAudit('acct_a', audit, canonicalHash(audit))).toBe('created');
    expect(await store.putAudit('acct_a', audit, canonicalHash(audit))).toBe('identical');
    const changed = { ...audit, score: 1 };
    expect(await store.putAudit('acct_a', changed, canonicalHash(changed))).toBe('conflict');
    expect(await store.putAudit('acct_b', audit, canonicalHash(audit))).toBe('conflict');
    expect(JSON.parse(String(await store.getAuditJson('acct_a', audit.id)))).toEqual(audit);
    expect(await store.getAuditJson('acct_b', audit.id)).toBeNull();
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

  it('lists newest scanned_at first, also when an older audit is synced later', async () => {
    const a = auditAt('2026-11-21T10:00:00.000Z');
    const b = auditAt('2026-11-21T12:00:00.000Z');
    const old = auditAt('2026-11-20T09:00:00.000+02:00');
    const c = auditAt('2026-11-21T11:00:00.000+00:00');
    for (const audit of [a, b, old, c]) await store.putAudit('acct_a', audit, canonicalHash(audit));
    const page = await store.listAudits('acct_a', { limit: 10 });
    expect(page.audits.map((x) => x.id)).toEqual([b.id, c.id, a.id, old.id]);
    expect(page.next).toBeNull();
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
