/**
 * `citable migrate --from lowdb --to postgres`: a lowdb data directory with every kind of record (written
 * through the lowdb store itself, plus a torn journal line) is copied into a real PostgreSQL database;
 * the copy reads back identically through the Store interface, a re-run copies nothing and duplicates
 * nothing, a record changed on the PostgreSQL side is reported and exits 1, and a running server's data
 * directory is refused.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { canonicalHash } from '../../server/audits/canonical-hash.js';
import { LowdbStore } from '../../server/store/lowdb/lowdb-store.js';
import { PostgresStore } from '../../server/store/postgres/postgres-store.js';
import type { Store } from '../../server/store/store.js';
import { memoryIo } from '../cli/cli-io.js';
import { row, prompt } from '../citations/store/citation-rows.js';
import { servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';

describe.runIf(servicesAvailable('postgres'))('citable migrate --from lowdb --to postgres', () => {
  let pg: PostgresServer;
  let dataDir: string;
  let databaseUrl: string;
  let accountId: string;
  const auditIds: string[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    databaseUrl = await pg.createDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-migrate-'));
    const store = await LowdbStore.open(dataDir);
    const account = await store.createAccount({ name: 'Acme Agency', plan: 'agency' });
    accountId = account.id;
    const other = await store.createAccount({ name: 'Solo', plan: 'free' });
    await store.createKey({ account_id: account.id, name: 'ci', prefix: 'cit_AAAA', hash: 'a'.repeat(64) });
    const revoked = await store.createKey({ account_id: account.id, name: 'old', prefix: 'cit_BBBB', hash: 'b'.repeat(64) });
    await store.revokeKey(revoked.id);
    await store.createKey({ account_id: other.id, name: 'x', prefix: 'cit_CCCC', hash: 'c'.repeat(64) });
    for (let i = 0; i < 150; i++) {
      const audit = { ...extensionAudit(), scanned_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(), url: `https://site-${i % 7}.example/` };
      audit.final_url = audit.url;
      await store.putAudit(i % 10 === 0 ? other.id : account.id, audit, canonicalHash(audit));
      auditIds.push(audit.id);
    }
    const citations = await store.citations();
    const [p1, p2, p3] = [prompt(1, account.id), prompt(2, account.id, 'beta.org'), prompt(3, account.id)];
    for (const p of [p1, p2, p3]) await citations.createPrompt(p, 10);
    for (const day of ['01', '02']) {
      for (const p of [p1, p2, p3]) {
        for (const engine of ['chatgpt', 'claude', 'google_ai_overviews'] as const) await citations.appendResult(row(p, engine, `2026-09-${day}T10:00:00.000Z`, { cited: day === '02' }));
      }
    }
    await citations.deletePrompt(account.id, p3.id);
    const check = { id: 'chk_MIGRATEDCHECK01', account_id: account.id, trigger: 'manual' as const, status: 'running' as const, created_at: '2026-09-02T10:00:00.000Z', finished_at: null, pairs: [{ prompt_id: p1.id, engine: 'chatgpt' as const }], prompt_count: 1, skipped_prompts: 0 };
    await citations.putCheck(check);
    await citations.putCheck({ ...check, id: 'chk_MIGRATEDCHECK02' });
    await citations.putCheck({ ...check, id: 'chk_MIGRATEDCHECK02', status: 'completed', finished_at: '2026-09-02T10:05:00.000Z' });
    await store.close();
    await appendFile(path.join(dataDir, 'citations', 'results.journal'), '{"account_id":"acct_torn'); // a crash mid-append
  }, 60_000);

  afterAll(async () => {
    await pg?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const migrate = async (...extra: string[]) => {
    const io = memoryIo({});
    const code = await main(['migrate', '--from', 'lowdb', '--to', 'postgres', '--data-dir', dataDir, '--database-url', databaseUrl, ...extra], io);
    return { code, out: io.out(), err: io.err() };
  };

  /** What the API would answer, read through the Store interface of both stores. */
  const view = async (store: Store) => {
    const citations = await store.citations();
    const audits = [];
    for (let after; ; ) {
      const page: Awaited<ReturnType<Store['listAudits']>> = await store.listAudits(accountId, { limit: 40, after });
      audits.push(...page.audits);
      if (!page.next) break;
      after = page.next;
    }
    return {
      accounts: await store.listAccounts(),
      keys: await store.listKeys(accountId),
      key: await store.findKeyByHash('b'.repeat(64)),
      audits,
      count: await store.countAudits(),
      bytes: await Promise.all(auditIds.slice(0, 20).map(async (id) => String(await store.getAuditJson(accountId, id)))),
      byUrl: await store.listAudits(accountId, { limit: 100, url: 'https://site-3.example/' }),
      prompts: await citations.listPrompts(accountId),
      latest: await citations.listResults(accountId, { limit: 100, history: false }),
      history: await citations.listResults(accountId, { limit: 100, history: true }),
      budget: await citations.requestsOn('claude', '2026-09-01'),
      unfinished: await citations.unfinishedChecks(),
      check: await citations.getCheck('chk_MIGRATEDCHECK02'),
    };
  };

  it('copies everything, verifies it by checksums, and the copy answers exactly as the original', async () => {
    const { code, out } = await migrate();
    expect(code).toBe(0);
    expect(out).toContain('OK: every record is in PostgreSQL with the same checksum');
    expect(out).toMatch(/^accounts\s+2\s+2\s+2\s+0\s+[0-9a-f]{64} \(source = PostgreSQL\)$/m);
    expect(out).toMatch(/^keys\s+3\s+3\s+3\s+0\s/m);
    expect(out).toMatch(/^audits\s+150\s+150\s+150\s+0\s/m);
    expect(out).toMatch(/^prompts\s+3\s+3\s+3\s+0\s/m);
    expect(out).toMatch(/^citation_rows\s+18\s+18\s+18\s+0\s/m);
    expect(out).toMatch(/^checks\s+2\s+2\s+2\s+0\s/m);
    expect(out).toContain('results.journal: 1 unreadable line(s) skipped');

    const lowdb = await LowdbStore.open(dataDir);
    const postgres = await PostgresStore.open(databaseUrl, { poolSize: 2 });
    try {
      const [before, after] = [await view(lowdb), await view(postgres)];
      expect(after).toEqual(before);
      expect(after.audits).toHaveLength(135);
      expect(after.history.rows).toHaveLength(12); // the deleted prompt's rows stay hidden
      expect(after.unfinished.map((c) => c.id)).toEqual(['chk_MIGRATEDCHECK01']);
    } finally {
      await lowdb.close();
      await postgres.close();
    }
  });

  it('running it again copies nothing and duplicates nothing', async () => {
    const { code, out } = await migrate('--json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as { ok: boolean; collections: Array<{ collection: string; source: number; copied: number; verified: number }> };
    expect(report.ok).toBe(true);
    for (const c of report.collections) {
      expect(c.copied).toBe(0);
      expect(c.verified).toBe(c.source);
    }
    const postgres = await PostgresStore.open(databaseUrl, { poolSize: 1 });
    const counts = await postgres.pool.query<{ audits: number; rows: number; keys: number }>(
      'SELECT (SELECT count(*) FROM audits)::bigint AS audits, (SELECT count(*) FROM citation_results)::bigint AS rows, (SELECT count(*) FROM api_keys)::bigint AS keys',
    );
    await postgres.close();
    expect(counts.rows[0]).toEqual({ audits: 150, rows: 18, keys: 3 });
  });

  it('a record that differs in PostgreSQL is reported and the exit code is 1', async () => {
    const postgres = await PostgresStore.open(databaseUrl, { poolSize: 1 });
    await postgres.pool.query(`UPDATE audits SET audit = json_build_object('id', id::text) WHERE id = $1`, [auditIds[5]]);
    await postgres.pool.query("UPDATE api_keys SET revoked_at = NULL WHERE prefix = 'cit_BBBB'");
    await postgres.close();
    const { code, out } = await migrate();
    expect(code).toBe(1);
    expect(out).toContain(`MISMATCH audits: ${auditIds[5]}`);
    expect(out).toMatch(/MISMATCH keys: key_/);
    expect(out).toMatch(/^audits\s+150\s+0\s+149\s+1\s+source [0-9a-f]{64} != PostgreSQL [0-9a-f]{64}$/m);
    expect(out).toContain('FAILED');
  });

  it('refuses a data directory a server is using, and bad arguments', async () => {
    await writeFile(path.join(dataDir, 'server.pid'), String(process.ppid)); // a live process other than this one
    try {
      const busy = await migrate();
      expect(busy.code).toBe(2);
      expect(busy.err).toMatch(/another Citable server/);
    } finally {
      await rm(path.join(dataDir, 'server.pid'), { force: true });
    }
    const io = memoryIo({});
    expect(await main(['migrate', '--from', 'postgres', '--to', 'lowdb'], io)).toBe(2);
    expect(io.err()).toMatch(/only --from lowdb --to postgres/);
    const noUrl = memoryIo({});
    expect(await main(['migrate', '--from', 'lowdb', '--to', 'postgres', '--data-dir', dataDir], noUrl)).toBe(2);
    expect(noUrl.err()).toMatch(/--database-url \(or DATABASE_URL\) is required/);
  });
});
