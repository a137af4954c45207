/**
 * `citable migrate --from lowdb --to postgres`: a lowdb data directory with every kind of record (written
 * through the lowdb store itself, plus a torn journal line: accounts, keys, audits, projects, prompts,
 * citation rows with runs and tallies, checks, branding, shares, monitors, webhooks and the outbox, and
 * site audits run by the real crawl service: complete, failed, cancelled and one left running) is
 * copied into a real PostgreSQL database; the copy reads back identically through the Store interface
 * (summaries and sources included, from the rollups rebuilt in PostgreSQL; crawls, their pages with and
 * without a rule filter, and the running crawl's frontier, done set and rollup, ready to resume), a re-run copies nothing and duplicates
 * nothing, a record changed on the PostgreSQL side is reported and exits 1, and a running server's data
 * directory is refused.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { canonicalHash } from '../../server/audits/canonical-hash.js';
import { LowdbStore } from '../../server/store/lowdb/store.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import type { Store } from '../../server/store/contracts/store.js';
import { memoryIo } from '../cli/cli-io.js';
import { row, prompt } from '../server/store/contracts/citations-rows.js';
import { servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { citationSources } from '../../server/routes/citations/get-citation-sources.js';
import { citationSummary } from '../../server/routes/citations/get-citation-summary.js';
import type { StoredCitationRow, StoredPrompt } from '../../server/store/contracts/citations.js';
import {
  PROJECT,
  seedCrawls,
  seedIntelligence,
  seedReportsAndHooks,
  TOKEN_HASHES,
  WEBHOOKS,
  type SeededCrawls,
} from './migrate-fixtures.js';

/** A row as the API and the scheduler read it: `tally` and `runs_at` are each store's own bookkeeping. */
const served = ({ tally: _tally, runs_at: _runsAt, ...row }: StoredCitationRow) => row;

describe.runIf(servicesAvailable('postgres'))('citable migrate --from lowdb --to postgres', () => {
  let pg: PostgresServer;
  let dataDir: string;
  let databaseUrl: string;
  let accountId: string;
  let projectPrompt: StoredPrompt;
  const auditIds: string[] = [];
  let crawls: SeededCrawls;
  /** The crawls' page audits (origin crawl), counted in the lowdb store after seeding. */
  let crawlAudits: number;

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
    await store.createKey({
      account_id: account.id,
      name: 'client',
      prefix: 'cit_DDDD',
      hash: '9'.repeat(64),
      scope: 'read',
      expires_at: '2027-01-01T00:00:00.000Z',
    });
    for (let i = 0; i < 150; i++) {
      const audit = {
        ...extensionAudit(),
        scanned_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
        url: `https://site-${i % 7}.example/`,
      };
      audit.final_url = audit.url;
      await store.putAudit(i % 10 === 0 ? other.id : account.id, audit, canonicalHash(audit));
      auditIds.push(audit.id);
    }
    const citations = await store.citations();
    const [p1, p2, p3] = [prompt(1, account.id), prompt(2, account.id, 'beta.org'), prompt(3, account.id)];
    for (const p of [p1, p2, p3]) await citations.createPrompt(p, 10);
    for (const day of ['01', '02']) {
      for (const p of [p1, p2, p3]) {
        for (const engine of ['chatgpt', 'claude', 'google_ai_overviews'] as const)
          await citations.appendResult(row(p, engine, `2026-09-${day}T10:00:00.000Z`, { cited: day === '02' }));
      }
    }
    await citations.deletePrompt(account.id, p3.id);
    const check = {
      id: 'chk_MIGRATEDCHECK01',
      account_id: account.id,
      trigger: 'manual' as const,
      status: 'running' as const,
      created_at: '2026-09-02T10:00:00.000Z',
      finished_at: null,
      pairs: [{ prompt_id: p1.id, engine: 'chatgpt' as const }],
      prompt_count: 1,
      skipped_prompts: 0,
    };
    await citations.putCheck(check);
    await citations.putCheck({ ...check, id: 'chk_MIGRATEDCHECK02' });
    await citations.putCheck({ ...check, id: 'chk_MIGRATEDCHECK02', status: 'completed', finished_at: '2026-09-02T10:05:00.000Z' });
    projectPrompt = await seedIntelligence(store, account.id);
    await store.close();
    crawls = await seedCrawls(dataDir, account.id); // before the webhooks: their events would change the outbox
    const reopened = await LowdbStore.open(dataDir);
    await seedReportsAndHooks(reopened, account.id, auditIds[1]!);
    crawlAudits = (await reopened.countAudits()) - 150;
    await reopened.close();
    await appendFile(path.join(dataDir, 'citations', 'results.journal'), '{"account_id":"acct_torn'); // a crash mid-append
  }, 120_000);

  afterAll(async () => {
    await pg?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const migrate = async (...extra: string[]) => {
    const io = memoryIo({});
    const code = await main(
      ['migrate', '--from', 'lowdb', '--to', 'postgres', '--data-dir', dataDir, '--database-url', databaseUrl, ...extra],
      io,
    );
    return { code, out: io.out(), err: io.err() };
  };

  /** What the API would answer, read through the Store interface of both stores. */
  const view = async (store: Store) => {
    const citations = await store.citations();
    const webhooks = await store.webhooks();
    const now = new Date();
    const month = { since: '2026-09-01', until: '2026-09-30' };
    const at = new Date('2026-10-01T00:00:00.000Z');
    const history = await citations.listResults(accountId, { limit: 100, history: true });
    const audits = [];
    for (let after; ;) {
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
      latest: (await citations.listResults(accountId, { limit: 100, history: false })).rows.map(served),
      history: { ...history, rows: history.rows.map(served) },
      runs: await citations.runsOf(history.rows),
      latestOfPrompt: Object.values(await citations.latestResults(projectPrompt.id)).map(served),
      budget: await citations.requestsOn('claude', '2026-09-01'),
      budgetWithRuns: await citations.requestsOn('perplexity', '2026-09-04'),
      unfinished: await citations.unfinishedChecks(),
      check: await citations.getCheck('chk_MIGRATEDCHECK02'),
      summary: {
        account: await citationSummary(store, accountId, month, at),
        project: await citationSummary(store, accountId, { ...month, project_id: PROJECT }, at),
        engine: await citationSummary(store, accountId, { ...month, project_id: PROJECT, engine: 'perplexity' }, at),
        prompt: await citationSummary(store, accountId, { ...month, prompt_id: projectPrompt.id }, at),
      },
      sources: {
        account: await citationSources(store, accountId, month, at),
        project: await citationSources(store, accountId, { ...month, project_id: PROJECT }, at),
        engine: await citationSources(store, accountId, { ...month, project_id: PROJECT, engine: 'chatgpt', since: '2026-09-04' }, at),
      },
      projects: await (await store.projects()).list(accountId),
      branding: await (await store.branding()).getBranding(accountId),
      liveShares: await (await store.shares()).listLiveShares(accountId, now),
      shares: await Promise.all(Object.values(TOKEN_HASHES).map(async (hash) => (await store.shares()).findShareByTokenHash(hash))),
      monitors: await (await store.monitors()).listMonitors(accountId),
      webhooks: await webhooks.listWebhooks(accountId),
      wants: await webhooks.wants(accountId, ['citation.gained']),
      deliveries: await Promise.all(Object.values(WEBHOOKS).map(async (id) => webhooks.listDeliveries(accountId, id, { limit: 100 }))),
      crawls: await crawlView(store),
      traffic: {
        ingest: await (await store.traffic()).getIngest(PROJECT, 'ing_MIGRATEINGEST0001'),
        days: await (await store.traffic()).listDays(PROJECT, '2026-09-01', '2026-09-30'),
        fetched: [...(await (await store.traffic()).fetchedPaths(PROJECT, ['/a', '/b', '/c'], '2026-09-02', '2026-09-30'))],
      },
    };
  };

  /** GET /crawls (by pages of 2), GET /crawls/{id}, its pages (all, and filtered by a rule), and what resuming the running crawl reads. */
  const crawlView = async (store: Store) => {
    const crawlStore = await store.crawls();
    const list = [];
    for (let after; ;) {
      const page: Awaited<ReturnType<typeof crawlStore.listCrawls>> = await crawlStore.listCrawls(accountId, { limit: 2, after });
      list.push(page.crawls);
      if (!page.next) break;
      after = page.next;
    }
    const pages = async (id: string, rule?: string) => {
      const out = [];
      for (let after: number | undefined; ;) {
        const page = (await crawlStore.listPages(accountId, id, { limit: 2, after, ...(rule ? { rule } : {}) }))!;
        out.push(page.pages);
        if (page.next === null) break;
        after = page.next;
      }
      return out;
    };
    const complete = (await crawlStore.getCrawl(accountId, crawls.complete))!;
    const rule = complete.result?.issues.find((i) => i.pages < complete.progress.audited)?.rule ?? complete.result?.issues[0]?.rule;
    const ids = Object.values(crawls);
    const pending = await crawlStore.pendingUrls(crawls.running);
    const runningStart = (await crawlStore.getCrawl(accountId, crawls.running))!.start_url;
    return {
      list,
      each: await Promise.all(ids.map((id) => crawlStore.getCrawl(accountId, id))),
      otherAccount: await crawlStore.getCrawl('acct_nobody', crawls.complete),
      pages: await Promise.all(ids.map((id) => pages(id))),
      rule,
      byRule: await Promise.all(ids.map((id) => pages(id, rule))),
      unfinished: (await crawlStore.unfinishedCrawls()).map((c) => c.id),
      running: {
        rollup: await crawlStore.rollup(crawls.running),
        pending,
        done: await Promise.all([`${pending[0]?.url}`, runningStart].map((url) => crawlStore.isDone(crawls.running, url))),
        startQueued: await crawlStore.queuedBy(crawls.running, runningStart),
        siteFiles: await crawlStore.siteFiles(crawls.running),
      },
      completeSiteFiles: await crawlStore.siteFiles(crawls.complete),
    };
  };

  it('copies everything, verifies it by checksums, and the copy answers exactly as the original', async () => {
    const { code, out } = await migrate();
    expect(code).toBe(0);
    expect(out).toContain('OK: every record is in PostgreSQL with the same checksum');
    expect(out).toMatch(/^accounts\s+3\s+3\s+3\s+0\s+[0-9a-f]{64} \(source = PostgreSQL\)$/m); // the crawl API's own account too
    expect(out).toMatch(/^keys\s+6\s+6\s+6\s+0\s/m);
    expect(crawlAudits).toBeGreaterThanOrEqual(8); // the complete crawl's 5 pages, and some of the others'
    const audits = 150 + crawlAudits;
    expect(out).toMatch(new RegExp(`^audits\\s+${audits}\\s+${audits}\\s+${audits}\\s+0\\s`, 'm'));
    expect(out).toMatch(/^crawls\s+4\s+4\s+4\s+0\s+[0-9a-f]{64} \(source = PostgreSQL\)$/m);
    expect(out).toMatch(/^crawl_urls\s+(\d+)\s+\1\s+\1\s+0\s/m);
    expect(out).toContain('note: crawls: 1 crawl(s) were queued or running');
    expect(out).toMatch(/^projects\s+1\s+1\s+1\s+0\s/m); // the other one was deleted
    expect(out).toMatch(/^prompts\s+6\s+6\s+6\s+0\s/m);
    expect(out).toMatch(/^citation_rows\s+36\s+36\s+36\s+0\s/m);
    expect(out).toMatch(/^citation_runs\s+18\s+18\s+18\s+0\s/m);
    // Scopes: the three accounts, the project, the deleted project; the two holding live rows are rebuilt.
    expect(out).toMatch(/^citation_rollups\s+5\s+2\s+5\s+0\s/m);
    expect(out).toMatch(/^checks\s+2\s+2\s+2\s+0\s/m);
    expect(out).toMatch(/^branding\s+1\s+1\s+1\s+0\s/m);
    expect(out).toMatch(/^shares\s+4\s+4\s+4\s+0\s/m); // with the crawl's share link
    expect(out).toMatch(/^monitors\s+2\s+2\s+2\s+0\s/m);
    expect(out).toMatch(/^webhooks\s+3\s+3\s+3\s+0\s/m); // the deleted one is not copied
    expect(out).toMatch(/^webhook_events\s+2\s+2\s+2\s+0\s/m);
    expect(out).toMatch(/^webhook_deliveries\s+4\s+4\s+4\s+0\s/m); // the deleted webhook's delivery left the outbox
    expect(out).toMatch(/^traffic_ingests\s+1\s+1\s+1\s+0\s/m);
    expect(out).toMatch(/^traffic_days\s+2\s+2\s+2\s+0\s/m);
    expect(out).toMatch(/^traffic_pages\s+2\s+2\s+2\s+0\s/m);
    expect(out).toContain('results.journal: 1 unreadable line(s) skipped');

    const lowdb = await LowdbStore.open(dataDir);
    const postgres = await PostgresStore.open(databaseUrl, { poolSize: 2 });
    try {
      const [before, after] = [await view(lowdb), await view(postgres)];
      expect(after).toEqual(before);
      // What was compared is not empty.
      expect(after.traffic.ingest).toMatchObject({ lines: 3, status: 'ingesting' });
      expect(after.traffic.days.map((d) => d.date)).toEqual(['2026-09-01', '2026-09-02']);
      expect(after.traffic.fetched).toEqual(['/b']);
      expect(after.audits).toHaveLength(135 + crawlAudits);
      // Site audits: every state, their pages, filtered by a rule, and the running crawl ready to resume.
      expect(after.crawls.each.map((c) => c?.status)).toEqual(['complete', 'failed', 'cancelled', 'running']);
      expect(
        after.crawls.list
          .flat()
          .map((c) => c.id)
          .sort(),
      ).toEqual(Object.values(crawls).sort());
      expect(after.crawls.otherAccount).toBeNull();
      expect(after.crawls.pages[0]!.flat()).toHaveLength(5);
      expect(after.crawls.pages[3]!.flat().length).toBeGreaterThanOrEqual(2);
      expect(after.crawls.rule).toBeTruthy();
      expect(after.crawls.byRule[0]!.flat().length).toBeGreaterThan(0);
      expect(after.crawls.each[0]!.result?.issues.length).toBeGreaterThan(0);
      expect(after.crawls.unfinished).toEqual([crawls.running]);
      expect(after.crawls.running.pending.length).toBeGreaterThan(0);
      expect(after.crawls.running.done).toEqual([false, true]);
      expect(after.crawls.running.startQueued.length).toBeGreaterThan(0);
      expect(after.crawls.running.siteFiles?.origin).toBeTruthy();
      expect(after.crawls.running.rollup.audited).toBe(after.crawls.each[3]!.progress.audited);
      // Page audits keep their crawl: origin crawl and crawl_id.
      const pageAudit = after.crawls.pages[0]!.flat()[0]!;
      expect(JSON.parse(String(await postgres.getAuditJson(accountId, pageAudit.audit_id!)))).toMatchObject({
        origin: 'crawl',
        crawl_id: crawls.complete,
      });
      expect(after.keys.find((k) => k.prefix === 'cit_DDDD')).toMatchObject({ scope: 'read', expires_at: '2027-01-01T00:00:00.000Z' });
      expect(after.history.rows).toHaveLength(24); // the deleted prompts' rows stay hidden
      expect(after.runs.filter((r) => r.length === 2)).toHaveLength(12);
      expect(after.runs.flat().some((r) => r.answer.startsWith('Acme is the best CRM') && r.search_queries.length === 2)).toBe(true);
      expect(after.unfinished.map((c) => c.id)).toEqual(['chk_MIGRATEDCHECK01']);
      expect(after.summary.project.by_engine.map((e) => e.engine).sort()).toEqual(['chatgpt', 'perplexity']);
      expect(after.summary.account.series.length).toBeGreaterThan(0);
      expect(after.sources.project.sources.map((s) => s.domain)).toEqual(expect.arrayContaining(['acme.com', 'g2.com', 'globex.com']));
      expect(after.sources.account.sources.length).toBeGreaterThan(0);
      expect(after.projects.map((p) => p.name)).toEqual(['Acme (renamed)']);
      expect(after.branding?.accent).toBe('#112233');
      expect(after.liveShares.map((s) => [s.kind, s.kind === 'crawl' ? s.target_id : s.id]).sort()).toEqual([
        ['audit', 'shr_MIGRATESHARE0001'],
        ['crawl', crawls.complete],
      ]);
      expect(after.shares.map((s) => s?.revoked_at === null)).toEqual([true, false, true]);
      expect(after.monitors.map((m) => m.lease_until_ms !== null)).toEqual([false, true]);
      expect(after.webhooks.map((w) => [w.id, w.secret, w.disabled_at !== null])).toEqual([
        [WEBHOOKS.all, `whsec_${WEBHOOKS.all.slice(3)}SECRETVALUE`, false],
        [WEBHOOKS.audits, `whsec_${WEBHOOKS.audits.slice(3)}SECRETVALUE`, false],
        [WEBHOOKS.off, `whsec_${WEBHOOKS.off.slice(3)}SECRETVALUE`, true],
      ]);
      expect(after.deliveries.map((page) => page.deliveries.map((d) => d.status))).toEqual([
        ['pending', 'delivered'],
        ['pending'],
        ['failed'],
        [],
      ]);

      // Pending deliveries go out from PostgreSQL as they would have from lowdb: the same deliveries, event ids and bodies.
      const claim = async (store: Store) =>
        (
          await (
            await store.webhooks()
          ).claimDue({ nowMs: Date.now() + 2 * 3_600_000, limit: 10, leaseMs: 60_000, perWebhook: new Map(), perWebhookDefault: 10 })
        ).map((c) => ({
          delivery: c.delivery,
          event: c.event,
          webhook: c.webhook.id,
        }));
      const [pendingBefore, pendingAfter] = [await claim(lowdb), await claim(postgres)];
      expect(pendingAfter).toEqual(pendingBefore);
      expect(pendingAfter.map((c) => [c.webhook, c.event.id, c.delivery.attempts])).toEqual([
        [WEBHOOKS.all, 'evt_MIGRATEEVENT000000000002', 0],
        [WEBHOOKS.audits, 'evt_MIGRATEEVENT000000000001', 1],
      ]);
      // The copied dedupe key keeps an audit stored again from making a second event.
      const again = {
        id: 'evt_MIGRATEEVENT000000000099',
        account_id: accountId,
        type: 'audit.completed' as const,
        created_at: new Date().toISOString(),
        data: {},
        dedupe_key: `audit:${auditIds[1]}`,
      };
      expect(await (await postgres.webhooks()).recordEvent(again)).toEqual([]);
    } finally {
      await lowdb.close();
      await postgres.close();
    }
  });

  it('running it again copies nothing and duplicates nothing', async () => {
    const { code, out } = await migrate('--json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as {
      ok: boolean;
      collections: Array<{ collection: string; source: number; copied: number; verified: number }>;
    };
    expect(report.ok).toBe(true);
    for (const c of report.collections) {
      expect(c.copied).toBe(0);
      expect(c.verified).toBe(c.source);
    }
    const postgres = await PostgresStore.open(databaseUrl, { poolSize: 1 });
    const counts = await postgres.pool.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM audits)::bigint AS audits, (SELECT count(*) FROM citation_results)::bigint AS rows, (SELECT count(*) FROM api_keys)::bigint AS keys,
              (SELECT count(*) FROM projects)::bigint AS projects, (SELECT count(*) FROM prompts)::bigint AS prompts, (SELECT count(*) FROM report_shares)::bigint AS shares,
              (SELECT count(*) FROM monitors)::bigint AS monitors, (SELECT count(*) FROM webhooks)::bigint AS webhooks,
              (SELECT count(*) FROM webhook_events)::bigint AS events, (SELECT count(*) FROM webhook_deliveries)::bigint AS deliveries,
              (SELECT count(*) FROM crawls)::bigint AS crawls,
              (SELECT sum(runs)::bigint FROM citation_rollup_days WHERE scope = $1) AS project_runs`,
      [PROJECT],
    );
    await postgres.close();
    // The project rollup: 2 prompts x 3 days x 2 engines x 2 runs, counted once.
    expect(counts.rows[0]).toEqual({
      audits: 150 + crawlAudits,
      rows: 36,
      keys: 6,
      projects: 1,
      prompts: 6,
      shares: 4,
      monitors: 2,
      webhooks: 3,
      events: 2,
      deliveries: 4,
      crawls: 4,
      project_runs: 24,
    });
  });

  it('a record that differs in PostgreSQL is reported and the exit code is 1', async () => {
    const postgres = await PostgresStore.open(databaseUrl, { poolSize: 1 });
    await postgres.pool.query(`UPDATE audits SET audit = json_build_object('id', id::text) WHERE id = $1`, [auditIds[5]]);
    await postgres.pool.query("UPDATE api_keys SET revoked_at = NULL WHERE prefix = 'cit_BBBB'");
    await postgres.pool.query(
      'UPDATE citation_results SET runs = NULL WHERE seq = (SELECT min(seq) FROM citation_results WHERE runs IS NOT NULL)',
    );
    await postgres.pool.query('UPDATE webhooks SET secret = $1 WHERE id = $2', ['whsec_other', WEBHOOKS.audits]);
    await postgres.pool.query('UPDATE citation_rollup_days SET runs = runs + 5 WHERE scope = $1', [PROJECT]);
    await postgres.pool.query(`UPDATE crawls SET rollup = json_build_object('audited', 0) WHERE id = $1`, [crawls.complete]);
    await postgres.pool.query(`UPDATE crawl_urls SET rules = '{}' WHERE crawl_id = $1 AND done_seq = 0`, [crawls.running]);
    await postgres.close();
    const { code, out } = await migrate();
    expect(code).toBe(1);
    expect(out).toMatch(/MISMATCH citation_runs: lowdb:results:\d+/);
    expect(out).toContain(`MISMATCH webhooks: ${WEBHOOKS.audits}`);
    expect(out).toContain(`MISMATCH crawls: ${crawls.complete}`);
    expect(out).toContain(`MISMATCH crawl_urls: ${crawls.running} `);
    // A rollup that differs is rebuilt from the copied tallies, then verified.
    expect(out).toMatch(/^citation_rollups\s+5\s+1\s+5\s+0\s/m);
    expect(out).toContain(`MISMATCH audits: ${auditIds[5]}`);
    expect(out).toMatch(/MISMATCH keys: key_/);
    expect(out).toMatch(
      new RegExp(
        `^audits\\s+${150 + crawlAudits}\\s+0\\s+${149 + crawlAudits}\\s+1\\s+source [0-9a-f]{64} != PostgreSQL [0-9a-f]{64}$`,
        'm',
      ),
    );
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
    const damaged = await mkdtemp(path.join(os.tmpdir(), 'citable-migrate-damaged-'));
    try {
      await writeFile(path.join(damaged, 'monitors.json'), '{"version": 1, "monitors": [');
      const io = memoryIo({});
      expect(await main(['migrate', '--from', 'lowdb', '--to', 'postgres', '--data-dir', damaged, '--database-url', databaseUrl], io)).toBe(
        2,
      );
      expect(io.err()).toMatch(/monitors\.json is not valid JSON; restore it from a backup/);
    } finally {
      await rm(damaged, { recursive: true, force: true });
    }
    const io = memoryIo({});
    expect(await main(['migrate', '--from', 'postgres', '--to', 'lowdb'], io)).toBe(2);
    expect(io.err()).toMatch(/only --from lowdb --to postgres/);
    const noUrl = memoryIo({});
    expect(await main(['migrate', '--from', 'lowdb', '--to', 'postgres', '--data-dir', dataDir], noUrl)).toBe(2);
    expect(noUrl.err()).toMatch(/--database-url \(or DATABASE_URL\) is required/);
  });
});
