/**
 * The PostgreSQL restore drill of docs/operations.md#backups, run as written: pg_dump of a database holding
 * one of everything for two accounts, pg_restore into an empty one, and the built `citable` on both. Then a
 * store on the restored database answers exactly as one on the original (every record of both accounts),
 * is ready, and migrates nothing.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { docBlock } from '../helpers/doc-blocks.js';
import { ROOT } from '../helpers/server-process.js';
import { findPostgres, servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';
import { seedAccount, SEEDED_RECORDS, sharedCheck } from '../server/store/contracts/account-records.js';

const run = promisify(execFile);

describe.runIf(servicesAvailable('postgres'))('the PostgreSQL restore drill', () => {
  let pg: PostgresServer;
  let dir: string;
  beforeAll(async () => {
    pg = await startPostgres();
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-drill-'));
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores a database a store reads back whole, as the drill says', async () => {
    const live = await pg.createDatabase('citable_live');
    const drill = await pg.createDatabase('citable_drill');
    const store = await PostgresStore.open(live, { poolSize: 2 });
    const accounts = [await seedAccount(store, 'alpha'), await seedAccount(store, 'bravo')];
    await sharedCheck(store, accounts);
    await store.close();

    // `citable` on PATH is this checkout's built command; pg_dump and pg_restore those of the test server.
    await writeFile(path.join(dir, 'citable'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(ROOT, 'bin/citable.cjs')}" "$@"\n`);
    await chmod(path.join(dir, 'citable'), 0o755);
    const bin = path.dirname(findPostgres()!.postgres);
    await writeFile(path.join(dir, 'restore-drill.sh'), await docBlock('operations.md', 'restore-drill.sh', 'sh'));
    const { stdout } = await run('bash', ['restore-drill.sh'], {
      cwd: dir,
      env: { PATH: `${dir}:${bin}:${process.env.PATH}`, DATABASE_URL: live, DRILL_URL: drill },
    });
    expect(stdout).toContain('restore drill: the restored database lists the same accounts');

    const restored = await PostgresStore.open(drill, { poolSize: 2 });
    try {
      expect(await restored.readiness()).toMatchObject({ store: { ok: true }, migrations: { ok: true } });
      for (const a of accounts) {
        expect(await restored.accountRecords(a.accountId)).toEqual(SEEDED_RECORDS);
        expect((await restored.findKeyByHash(a.keyHash))?.account_id).toBe(a.accountId);
        expect(await restored.getAuditJson(a.accountId, a.auditId)).not.toBeNull();
        const rows = (await (await restored.citations()).listResults(a.accountId, { limit: 10, history: true })).rows;
        expect((await (await restored.citations()).runsOf(rows)).flat().map((r) => r.answer)).toEqual([
          `The best shop is ${a.domain}, says this answer.`,
          `The best shop is ${a.domain}, says this answer.`,
        ]);
      }
    } finally {
      await restored.close();
    }
  }, 120_000);
});
