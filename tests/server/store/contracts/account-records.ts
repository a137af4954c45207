/**
 * One of everything an account can own, written through the Store interface as the server writes it: a
 * key, an audit, a finished crawl whose page is that audit, a share link, branding, a monitor, a webhook
 * with a pending delivery, a project with a prompt, a prompt without one, citation rows with their runs
 * and tallies, a manual check, and an uploaded access log with two days of traffic. Every id and URL is
 * the account's own (its tag is in each), so a test can look for any of them after the account is deleted.
 * The scheduler's check, shared by accounts, is `sharedCheck`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { canonicalHash } from '../../../../server/audits/canonical-hash.js';
import { rowTally } from '../../../../server/citations/intelligence/row-tally.js';
import { newCrawlRecord } from '../../../../server/crawls/new-crawl.js';
import type { StoredCheck, StoredPrompt } from '../../../../server/store/contracts/citations.js';
import type { Store } from '../../../../server/store/contracts/store.js';
import type { AccountRecords } from '../../../../server/store/contracts/store-maintenance.js';
import type { RunRecord } from '../../../../shared/schema/citation-intelligence.js';
import { scopeOf } from '../../../../server/store/rollup/row-tally.js';
import { emptySiteFiles, outcome } from '../../../crawls/helpers/crawl-records.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import { prompt, row } from './citations-rows.js';
import { chunkOf, gptHit, trafficIngest } from './traffic.js';

export interface SeededAccount {
  accountId: string;
  domain: string;
  keyHash: string;
  auditId: string;
  crawlId: string;
  shareTokenHash: string;
  monitorId: string;
  webhookId: string;
  projectId: string;
  prompts: StoredPrompt[];
  manualCheckId: string;
  /** Every string that names the account's data: after its deletion none is left anywhere. */
  traces: string[];
}

/** What seedAccount writes, counted as accountRecords counts it. */
export const SEEDED_RECORDS: AccountRecords = {
  keys: 1,
  audits: 1,
  crawls: 1,
  shares: 1,
  branding: 1,
  monitors: 1,
  webhooks: 1,
  webhook_events: 1,
  projects: 1,
  prompts: 2,
  citation_rows: 2,
  citation_checks: 1,
  traffic_rollups: 2,
};

const base62 = (n: number) =>
  [...randomBytes(n)].map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join('');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function run(domain: string): RunRecord {
  return {
    status: 'ok',
    answer: `The best shop is ${domain}, says this answer.`,
    answer_truncated: false,
    cited_urls: [`https://${domain}/pricing`],
    retrieved_urls: [`https://${domain}/pricing`],
    search_queries: [`best ${domain}`],
    mentioned: true,
    cited: true,
    position: 1,
    competitors: [],
  };
}

export async function seedAccount(store: Store, tag: string, now = new Date()): Promise<SeededAccount> {
  const domain = `${tag}-client.example`;
  const url = `https://${domain}/`;
  const account = await store.createAccount({ name: `${tag} agency`, plan: 'agency' });
  const keyHash = sha256(`key ${tag} ${randomUUID()}`);
  await store.createKey({ account_id: account.id, name: `${tag} key`, prefix: 'cit_Seed', hash: keyHash });

  const audit = { ...extensionAudit(), url, final_url: url, scanned_at: now.toISOString() };
  await store.putAudit(account.id, audit, canonicalHash(audit));
  const crawlId = await seedCrawl(store, account.id, url, audit.id, now);

  const shareTokenHash = sha256(`share ${tag} ${randomUUID()}`);
  const iso = (ms: number) => new Date(ms).toISOString();
  await (
    await store.shares()
  ).createShare({
    id: `shr_${base62(16)}`,
    account_id: account.id,
    kind: 'audit',
    target_id: audit.id,
    token_hash: shareTokenHash,
    created_at: iso(now.getTime()),
    expires_at: iso(now.getTime() + 30 * 86_400_000),
    revoked_at: null,
  });
  await (
    await store.branding()
  ).putBranding({ account_id: account.id, name: `${tag} brand`, accent: '#112233', logo: null, updated_at: iso(now.getTime()) });
  const monitorId = `mon_${base62(16)}`;
  await (
    await store.monitors()
  ).createMonitor(
    {
      id: monitorId,
      account_id: account.id,
      url,
      kind: 'audit',
      every: 'day',
      max_pages: null,
      created_at: iso(now.getTime()),
      next_run_ms: now.getTime() + 86_400_000,
      run_requested_ms: null,
      lease_until_ms: null,
      last_run_at: null,
      last_result_id: null,
      last_error: null,
      paused_at: null,
    },
    10,
  );
  const webhookId = await seedWebhook(store, account.id, domain, audit.id, now);
  const { projectId, prompts, manualCheckId } = await seedCitations(store, account.id, domain, now);
  const ingestId = await seedTraffic(store, account.id, projectId);
  return {
    accountId: account.id,
    domain,
    keyHash,
    auditId: audit.id,
    crawlId,
    shareTokenHash,
    monitorId,
    webhookId,
    projectId,
    prompts,
    manualCheckId,
    traces: [
      account.id,
      domain,
      keyHash,
      audit.id,
      crawlId,
      shareTokenHash,
      monitorId,
      webhookId,
      projectId,
      ...prompts.map((p) => p.id),
      manualCheckId,
      ingestId,
    ],
  };
}

/** An uploaded access log of the project: two days of GPTBot hits. */
async function seedTraffic(store: Store, accountId: string, projectId: string): Promise<string> {
  const traffic = await store.traffic();
  const ingestId = `ing_${base62(16)}`;
  await traffic.createIngest(trafficIngest(ingestId, accountId, projectId));
  await traffic.commitChunk(chunkOf(ingestId, 0, [gptHit('01', '/a'), gptHit('02', '/b')], projectId));
  return ingestId;
}

async function seedCrawl(store: Store, accountId: string, url: string, auditId: string, now: Date): Promise<string> {
  const crawls = await store.crawls();
  const record = newCrawlRecord(accountId, url, 10, now);
  await crawls.createCrawl(record, 5);
  await crawls.startCrawl(record.id, {
    start_url: url,
    host: new URL(url).host,
    started_at: now.toISOString(),
    deadline_at: new Date(now.getTime() + 60_000).toISOString(),
    siteFiles: emptySiteFiles(new URL(url).origin),
    site: null,
    notes: [],
  });
  await crawls.admit(record.id, { pages: [url], skips: [] });
  await crawls.completePage(record.id, { url, outcome: outcome(url, 80, [{ rule: 'content.title' }], { audit_id: auditId }) });
  await crawls.finishCrawl(record.id, { status: 'complete', finished_at: now.toISOString(), error: null, notes: [], site: null });
  return record.id;
}

async function seedWebhook(store: Store, accountId: string, domain: string, auditId: string, now: Date): Promise<string> {
  const webhooks = await store.webhooks();
  const id = `wh_${base62(16)}`;
  await webhooks.createWebhook(
    {
      id,
      account_id: accountId,
      url: `https://hooks.${domain}/in`,
      events: ['*'],
      format: 'json',
      secret: `whsec_${base62(32)}`,
      created_at: now.toISOString(),
      disabled_at: null,
      disabled_reason: null,
      gone_streak: 0,
    },
    10,
  );
  await webhooks.recordEvent({
    id: `evt_${base62(24)}`,
    account_id: accountId,
    type: 'audit.completed',
    created_at: now.toISOString(),
    data: { audit_id: auditId, url: `https://${domain}/` },
    dedupe_key: `audit:${auditId}`,
  });
  return id;
}

async function seedCitations(store: Store, accountId: string, domain: string, now: Date) {
  const projectId = `prj_${base62(16)}`;
  await (
    await store.projects()
  ).create(
    {
      id: projectId,
      account_id: accountId,
      name: `Client ${domain}`,
      domain,
      aliases: [],
      brand: { name: 'Acme', aliases: [], case_sensitive: [] },
      competitors: [],
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    },
    10,
  );
  const citations = await store.citations();
  const inProject = { ...prompt(1, accountId, domain), id: `prm_${base62(16)}`, project_id: projectId, text: `best shop like ${domain}` };
  const alone = { ...prompt(2, accountId, domain), id: `prm_${base62(16)}`, text: `where to buy at ${domain}` };
  const manualCheckId = `chk_${base62(16)}`;
  for (const p of [inProject, alone]) {
    await citations.createPrompt(p, 20);
    const runs = [run(domain)];
    const stored = row(p, 'chatgpt', now.toISOString(), {
      project_id: p.project_id,
      cited: true,
      cited_runs: 1,
      cited_urls: [`https://${domain}/pricing`],
      position: 1,
      mentioned: true,
      mentioned_runs: 1,
      visible_runs: 1,
      check_id: manualCheckId,
    });
    await citations.appendResult({ ...stored, tally: rowTally(stored, runs) }, runs);
  }
  await citations.putCheck(check(manualCheckId, accountId, [inProject, alone], now));
  return { projectId, prompts: [inProject, alone], manualCheckId };
}

function check(id: string, accountId: string | null, prompts: readonly StoredPrompt[], now: Date): StoredCheck {
  return {
    id,
    account_id: accountId,
    trigger: accountId ? 'manual' : 'schedule',
    status: 'completed',
    created_at: now.toISOString(),
    finished_at: now.toISOString(),
    pairs: prompts.map((p) => ({ prompt_id: p.id, engine: 'chatgpt' as const })),
    prompt_count: prompts.length,
    skipped_prompts: 0,
  };
}

/** The scheduler's check over several accounts' prompts (it names no account). */
export async function sharedCheck(store: Store, accounts: readonly SeededAccount[], now = new Date()): Promise<string> {
  const id = `chk_${base62(16)}`;
  await (
    await store.citations()
  ).putCheck(
    check(
      id,
      null,
      accounts.flatMap((a) => a.prompts),
      now,
    ),
  );
  return id;
}

/** The rollup scopes of a seeded account: its project and the account itself. */
export const scopesOf = (a: SeededAccount) => [a.projectId, scopeOf(a.accountId, null)];
