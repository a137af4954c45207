/**
 * `citable backup` and `citable restore` on the embedded store (docs/operations.md#backups). Under load: the
 * built server takes audit writes from four writers while the backup runs; the backup restored into a new
 * data directory opens without a dropped or damaged line, holds every audit acknowledged before the backup
 * started (and every audit its journal names, readable), and a server started on it serves them. Restore
 * refuses a running server, a damaged file, a truncated one (plain and gzip), something that is not a
 * backup, and a directory holding data without --replace; each says why and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../server/cli/main.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { memoryIo } from '../../cli/cli-io.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';
import { extensionAudit } from '../helpers/extension-audit.js';

const cli = async (env: Record<string, string>, ...args: string[]) => {
  const io = memoryIo(env);
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
};

/** Stores an audit through the API; its id once acknowledged, null when the account's rate limit said wait. */
async function putAudit(server: ServerProcess, key: string): Promise<string | null> {
  const audit = extensionAudit();
  const res = await fetch(`${server.url}/api/v1/audits/${audit.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ audit }),
  });
  if (res.status === 429) return null;
  if (res.status !== 201) throw new Error(`PUT audit: ${res.status} ${await res.text()}`);
  return audit.id;
}

/** A new account and key made by the CLI beside the running server (each account has its own sync limit). */
async function newKey(dataDir: string, name: string): Promise<string> {
  const account = await cli({ DATA_DIR: dataDir }, 'accounts', 'create', '--name', name, '--json');
  const key = await cli({ DATA_DIR: dataDir }, 'keys', 'create', '--account', JSON.parse(account.out).id, '--json');
  return JSON.parse(key.out).key as string;
}

describe('backup under load, restored', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-backup-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('restores a directory that opens cleanly and holds every audit acknowledged before the backup started', async () => {
    const source = path.join(dir, 'data');
    const server = await startServerProcess({ env: { DATA_DIR: source }, keepRequestLog: false });
    const key = server.firstKey!;
    const acknowledged: string[] = [];
    for (let i = 0; i < 60; i++) acknowledged.push((await putAudit(server, key))!);
    const writerKeys = await Promise.all([1, 2, 3, 4].map((n) => newKey(source, `writer ${n}`)));
    let writing = true;
    const during: string[] = [];
    const writers = writerKeys.map(async (writerKey) => {
      while (writing) {
        const id = await putAudit(server, writerKey);
        if (id) during.push(id);
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const file = path.join(dir, 'backup.tar.gz');
    const backup = await cli({ DATA_DIR: source }, 'backup', '--out', file);
    const writtenDuringBackup = during.length;
    writing = false;
    await Promise.all(writers);
    await server.stop();
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(/^Backed up .* to .*backup\.tar\.gz: \d+ files, \d+ audits, \d+ bytes before compression, in [\d.]+ s\.$/m);
    expect(writtenDuringBackup).toBeGreaterThan(0); // the server did take writes while the backup ran

    const target = path.join(dir, 'restored');
    const restore = await cli({ DATA_DIR: target }, 'restore', file);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(/^Restored \d+ files of the backup taken .* into .*restored\.$/m);

    const dropped: unknown[] = [];
    const store = await LowdbStore.open(target, { onDroppedLines: (n) => dropped.push(n), onDroppedJournalLines: (d) => dropped.push(d) });
    try {
      const accounts = await store.listAccounts();
      for (const id of acknowledged) expect(await store.getAuditJson(accounts[0]!.id, id), id).not.toBeNull();
      let listed = 0;
      for (const { id: account } of accounts) {
        for (
          let page = await store.listAudits(account, { limit: 100 });
          ;
          page = await store.listAudits(account, { limit: 100, after: page.next! })
        ) {
          for (const summary of page.audits)
            expect(JSON.parse((await store.getAuditJson(account, summary.id))!.toString()).id).toBe(summary.id);
          listed += page.audits.length;
          if (!page.next) break;
        }
      }
      expect(listed).toBe(await store.countAudits());
      expect(listed).toBeGreaterThanOrEqual(acknowledged.length);
      await (await store.citations()).listPrompts(accounts[0]!.id); // every other part opens too
      await (await store.crawls()).unfinishedCrawls();
      await (await store.webhooks()).nextDueMs();
    } finally {
      await store.close();
    }
    expect(dropped).toEqual([]);

    const restored = await startServerProcess({ env: { DATA_DIR: target } });
    try {
      const res = await fetch(`${restored.url}/api/v1/audits/${acknowledged[0]}`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    } finally {
      await restored.stop();
    }
  }, 120_000);
});

describe('restore refuses', () => {
  let dir: string;
  let source: string;
  let tar: string;
  let gz: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-restore-'));
    source = path.join(dir, 'data');
    const store = await LowdbStore.open(source);
    const account = await store.createAccount({ name: 'a', plan: 'agency' });
    for (let i = 0; i < 5; i++) {
      const audit = extensionAudit();
      await store.putAudit(account.id, audit, 'h'.repeat(64));
    }
    await store.close();
    tar = path.join(dir, 'backup.tar');
    gz = path.join(dir, 'backup.tgz');
    expect((await cli({ DATA_DIR: source }, 'backup', '--out', tar)).code).toBe(0);
    expect((await cli({ DATA_DIR: source }, 'backup', '--out', gz)).code).toBe(0);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const copyOf = async (file: string, change: (bytes: Buffer) => Buffer) => {
    const damaged = path.join(dir, `${randomBytes(4).toString('hex')}-${path.basename(file)}`);
    await writeFile(damaged, change(await readFile(file)));
    return damaged;
  };
  const restoreInto = async (file: string, ...extra: string[]) => {
    const target = path.join(dir, `target-${randomBytes(4).toString('hex')}`);
    const res = await cli({ DATA_DIR: target }, 'restore', file, ...extra);
    return { ...res, target };
  };
  const nothingLeft = async (target: string) => expect((await readdir(dir)).filter((n) => n.startsWith(path.basename(target)))).toEqual([]);

  it('a server running on the data directory', async () => {
    const server = await startServerProcess({ env: { DATA_DIR: source } });
    try {
      const res = await cli({ DATA_DIR: source }, 'restore', tar, '--replace');
      expect(res.code).toBe(1);
      expect(res.err).toBe(
        `citable restore: refused: another Citable server (pid ${server.pid}) is using ${source}: stop it before restoring\n`,
      );
    } finally {
      await server.stop();
    }
    expect((await readdir(dir)).filter((n) => n.startsWith('data.'))).toEqual([]);
  });

  it('a file damaged in the middle, plain or compressed', async () => {
    const flip = (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      copy[Math.floor(copy.length / 2)]! ^= 0xff;
      return copy;
    };
    const plain = await restoreInto(await copyOf(tar, flip));
    expect(plain.code).toBe(1);
    expect(plain.err).toMatch(
      /^citable restore: refused: (.* does not match the checksum in the manifest: the archive is damaged|a header of the archive is damaged .*)$/m,
    );
    await nothingLeft(plain.target);
    const compressed = await restoreInto(await copyOf(gz, flip));
    expect(compressed.code).toBe(1);
    expect(compressed.err).toMatch(
      /^citable restore: refused: (the compressed archive is damaged|a header of the archive is damaged|.* does not match the checksum)/m,
    );
    await nothingLeft(compressed.target);
  });

  it('a truncated file, plain or compressed', async () => {
    for (const [file, message] of [
      [tar, 'the archive ends in the middle: it is truncated; it cannot be restored'],
      [gz, 'the compressed archive ends in the middle: it is truncated'],
    ] as const) {
      const cut = await copyOf(file, (b) => b);
      await truncate(cut, Math.floor((await readFile(file)).length * 0.6));
      const res = await restoreInto(cut);
      expect(res.code, file).toBe(1);
      expect(res.err).toBe(`citable restore: refused: ${message}\n`);
      await nothingLeft(res.target);
    }
  });

  it('a file that is not a backup, and a missing one', async () => {
    const other = path.join(dir, 'notes.txt');
    await writeFile(other, 'not a backup at all\n'.repeat(100));
    const res = await restoreInto(other);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/^citable restore: refused: (a header of the archive is damaged|the archive ends in the middle)/);
    expect((await restoreInto(path.join(dir, 'nope.tar'))).err).toMatch(/^citable restore: refused: there is no file /);
  });

  it('a data directory holding data, unless --replace, which keeps it aside', async () => {
    const refused = await cli({ DATA_DIR: source }, 'restore', tar);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `citable restore: refused: ${source} holds data already: restore into an empty or new DATA_DIR, or pass --replace to move it aside\n`,
    );
    const replaced = await cli({ DATA_DIR: source }, 'restore', gz, '--replace');
    expect(replaced.code, replaced.err).toBe(0);
    const aside = (await readdir(dir)).filter((n) => n.startsWith('data.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(replaced.out).toContain(`The data that was there is in ${path.join(dir, aside[0]!)}.`);
    expect(await readdir(path.join(dir, aside[0]!))).toContain('audits.journal');
    const store = await LowdbStore.open(source);
    expect(await store.countAudits()).toBe(5);
    await store.close();
  });
});
