/**
 * What tests/scale/migrate.test.ts writes into the lowdb store beyond accounts, keys, audits and plain
 * citation rows: a project with prompts whose rows carry runs and tallies (sources, competitors), a
 * project deleted with its prompts, report branding and share links, monitors (one leased), webhooks
 * (one disabled, one deleted) and an outbox with delivered, retrying, pending and failed deliveries
 * (all through the Store interface, as the server writes them), and site audits run by the real crawl
 * service on loopback sites: complete, failed, cancelled, and one left running by a stopped server.
 */
import { chunkOf } from '../server/store/contracts/traffic.js';
import { nginx, UA } from '../logs/samples.js';
import type { RunRecord } from '../../shared/schema/citation-intelligence.js';
import type { CitationEngineId } from '../../shared/schema/citation-engines.js';
import { rowTally } from '../../server/citations/intelligence/row-tally.js';
import type { StoredPrompt } from '../../server/store/contracts/citations.js';
import type { StoredProject } from '../../server/store/contracts/projects.js';
import type { Store } from '../../server/store/contracts/store.js';
import { prompt, row } from '../server/store/contracts/citations-rows.js';
import { startCrawlApi, waitForCrawl } from '../crawls/helpers/crawl-api.js';
import { startSlowSite } from '../crawls/helpers/small-sites.js';

export const PROJECT = 'prj_MIGRATEPROJECT01';
export const GONE_PROJECT = 'prj_MIGRATEPROJECT02';
export const WEBHOOKS = {
  all: 'wh_MIGRATEHOOKALL01',
  audits: 'wh_MIGRATEHOOKAUD01',
  off: 'wh_MIGRATEHOOKOFF01',
  gone: 'wh_MIGRATEHOOKGONE1',
};
export const TOKEN_HASHES = { live: 'd'.repeat(64), revoked: 'e'.repeat(64), expired: 'f'.repeat(64) };

function project(id: string, accountId: string, domain: string): StoredProject {
  return {
    id,
    account_id: accountId,
    name: `Client ${domain}`,
    domain,
    aliases: [`shop.${domain}`],
    brand: { name: 'Acme', aliases: ['Acme Corp'], case_sensitive: [] },
    competitors: [{ name: 'Globex', domains: ['globex.com'], aliases: [], case_sensitive: [] }],
    created_at: '2026-08-30T09:00:00.000Z',
    updated_at: '2026-08-30T09:00:00.000Z',
  };
}

function run(cited: string[], answer: string): RunRecord {
  return {
    status: 'ok',
    answer,
    answer_truncated: false,
    cited_urls: cited,
    retrieved_urls: [...cited, 'https://example.org/read'],
    search_queries: ['best crm', 'acme vs globex'],
    mentioned: true,
    cited: cited.some((u) => u.includes('acme.com')),
    position: cited.findIndex((u) => u.includes('acme.com')) + 1 || null,
    competitors: [{ name: 'Globex', mentioned: true, cited: cited.some((u) => u.includes('globex.com')) }],
  };
}

async function appendWithRuns(store: Store, p: StoredPrompt, engine: CitationEngineId, day: string, n: number): Promise<void> {
  const runs = [
    run(['https://acme.com/pricing', `https://www.g2.com/acme-${n}`], `Acme is the best CRM (${engine}, ${day}).`),
    run(['https://globex.com/', 'https://acme.com/pricing', 'https://blog.g2.com/review'], 'Globex and Acme both fit.'),
  ];
  const base = row(p, engine, `${day}T11:00:00.000Z`, {
    project_id: p.project_id,
    runs: 2,
    cited: true,
    cited_runs: 2,
    cited_urls: ['https://acme.com/pricing'],
    position: 1,
    mentioned: true,
    mentioned_runs: 2,
    visible_runs: 2,
    search_queries: ['best crm', 'acme vs globex'],
    competitors: [{ name: 'Globex', mentioned_runs: 2, cited_runs: 1, visible_runs: 2 }],
    check_id: `chk_MIGRATE${day.replaceAll('-', '').slice(2)}${n}`,
  });
  await (await store.citations()).appendResult({ ...base, tally: rowTally(base, runs) }, runs);
}

/** Projects, prompts in them, and rows with runs; returns the live project prompt. */
export async function seedIntelligence(store: Store, accountId: string): Promise<StoredPrompt> {
  const projects = await store.projects();
  await projects.create(project(PROJECT, accountId, 'acme.com'), 10);
  await projects.create(project(GONE_PROJECT, accountId, 'gone.example'), 10);
  await projects.update({ ...project(PROJECT, accountId, 'acme.com'), name: 'Acme (renamed)', updated_at: '2026-08-31T09:00:00.000Z' });
  const citations = await store.citations();
  const inProject = { ...prompt(11, accountId), project_id: PROJECT, text: 'best crm for agencies' };
  const second = { ...prompt(12, accountId), project_id: PROJECT, text: 'acme alternatives' };
  const gone = { ...prompt(13, accountId, 'gone.example'), project_id: GONE_PROJECT };
  for (const p of [inProject, second, gone]) await citations.createPrompt(p, 20);
  let n = 0;
  for (const day of ['2026-09-03', '2026-09-04', '2026-09-20']) {
    for (const p of [inProject, second, gone]) {
      for (const engine of ['chatgpt', 'perplexity'] as const) await appendWithRuns(store, p, engine, day, n++ % 10);
    }
  }
  // The route deletes a project's prompts, then the project.
  await citations.deleteProjectPrompts(accountId, GONE_PROJECT);
  await projects.delete(accountId, GONE_PROJECT);
  return inProject;
}

/** Branding, shares, monitors, webhooks and the outbox. */
export async function seedReportsAndHooks(store: Store, accountId: string, auditId: string): Promise<void> {
  await (
    await store.branding()
  ).putBranding({
    account_id: accountId,
    name: 'Acme Agency',
    accent: '#112233',
    logo: 'data:image/png;base64,iVBORw0KGgo=',
    updated_at: '2026-09-01T08:00:00.000Z',
  });
  const shares = await store.shares();
  const hour = 3_600_000;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const share = (id: string, tokenHash: string, created: number, expires: number) => ({
    id,
    account_id: accountId,
    kind: 'audit' as const,
    target_id: auditId,
    token_hash: tokenHash,
    created_at: iso(created),
    expires_at: iso(expires),
    revoked_at: null,
  });
  await shares.createShare(share('shr_MIGRATESHARE0001', TOKEN_HASHES.live, now - 3 * hour, now + 30 * 24 * hour));
  await shares.createShare(share('shr_MIGRATESHARE0002', TOKEN_HASHES.revoked, now - 2 * hour, now + 30 * 24 * hour));
  await shares.createShare(share('shr_MIGRATESHARE0003', TOKEN_HASHES.expired, now - 48 * hour, now - 24 * hour));
  await shares.revokeShare(accountId, 'shr_MIGRATESHARE0002', iso(now - hour));
  await seedTraffic(store, accountId);

  const monitors = await store.monitors();
  const monitor = (id: string, url: string, every: 'hour' | 'day' | 'week') => ({
    id,
    account_id: accountId,
    url,
    kind: 'audit' as const,
    every,
    max_pages: null,
    created_at: iso(now - 10 * hour),
    next_run_ms: now - 10 * hour,
    run_requested_ms: null,
    lease_until_ms: null,
    last_run_at: null,
    last_result_id: null,
    last_error: null,
    paused_at: null,
  });
  await monitors.createMonitor(monitor('mon_MIGRATEMONITOR01', 'https://acme.com/', 'day'), 10);
  await monitors.createMonitor(
    { ...monitor('mon_MIGRATEMONITOR02', 'https://acme.com/pricing', 'week'), kind: 'crawl', max_pages: 50 },
    10,
  );
  const [first] = await monitors.claimDue(now, 60_000, 1);
  await monitors.finishRun(first!.id, { finished_at: iso(now), result_id: auditId, error: null });
  await monitors.claimDue(now, 60_000, 1); // the other one stays leased, as a stopped server leaves a run
  await monitors.requestRun(accountId, first!.id, now);

  const webhooks = await store.webhooks();
  const webhook = (id: string, events: Array<'*' | 'audit.completed'>, format: 'json' | 'slack') => ({
    id,
    account_id: accountId,
    url: `https://hooks.example/${id}`,
    events,
    format,
    secret: `whsec_${id.slice(3)}SECRETVALUE`,
    created_at: iso(now - 5 * hour),
    disabled_at: null,
    disabled_reason: null,
    gone_streak: 0,
  });
  await webhooks.createWebhook(webhook(WEBHOOKS.all, ['*'], 'json'), 10);
  await webhooks.createWebhook(webhook(WEBHOOKS.audits, ['audit.completed'], 'slack'), 10);
  await webhooks.createWebhook(webhook(WEBHOOKS.off, ['*'], 'json'), 10);
  await webhooks.createWebhook(webhook(WEBHOOKS.gone, ['*'], 'json'), 10);
  const event = (n: number, type: 'audit.completed' | 'ping', dedupe: string | null) => ({
    id: `evt_MIGRATEEVENT${String(n).padStart(12, '0')}`,
    account_id: accountId,
    type,
    created_at: iso(now - (5 - n) * 60_000),
    data: { audit_id: auditId, n },
    dedupe_key: dedupe,
  });
  await webhooks.recordEvent(event(1, 'audit.completed', `audit:${auditId}`)); // four deliveries
  await webhooks.recordEvent(event(2, 'ping', null), { onlyWebhook: WEBHOOKS.all });
  const attempt = (status: number | null, error: string | null) => ({ at: iso(now), status_code: status, error, duration_ms: 12 });
  const disable = { afterGone: 2, reason: 'the receiver answered 410 Gone twice', at: iso(now) };
  for (const c of await webhooks.claimDue({ nowMs: now, limit: 10, leaseMs: 60_000, perWebhook: new Map(), perWebhookDefault: 10 })) {
    if (c.webhook.id === WEBHOOKS.all && c.event.type === 'audit.completed') {
      await webhooks.recordAttempt(
        c.delivery.id,
        { attempt: attempt(200, null), status: 'delivered', next_attempt_ms: null, last_error: null, answer: 'ok' },
        disable,
      );
    } else if (c.webhook.id === WEBHOOKS.audits) {
      await webhooks.recordAttempt(
        c.delivery.id,
        { attempt: attempt(500, 'HTTP 500'), status: 'pending', next_attempt_ms: now + hour, last_error: 'HTTP 500', answer: 'other' },
        disable,
      );
    } else if (c.webhook.id === WEBHOOKS.off) {
      for (let i = 0; i < 2; i++)
        await webhooks.recordAttempt(
          c.delivery.id,
          { attempt: attempt(410, 'HTTP 410'), status: 'pending', next_attempt_ms: now + hour, last_error: 'HTTP 410', answer: 'gone' },
          disable,
        );
    }
    // the ping to WEBHOOKS.all and the delivery to WEBHOOKS.gone stay pending, never attempted
  }
  await webhooks.deleteWebhook(accountId, WEBHOOKS.gone); // its delivery leaves the outbox
}

export interface SeededCrawls {
  complete: string;
  failed: string;
  cancelled: string;
  /** Left running: the server stopped mid-crawl, as a lowdb server stopped for the move leaves it. */
  running: string;
}

/**
 * Site audits through the real crawl service of the in-process API on `dataDir` (loopback fixture sites):
 * a crawl that completes (with a share link to its report), one that fails at its start, one cancelled
 * mid-crawl, and one still running when the server stops. The crawls belong to `accountId`.
 */
export async function seedCrawls(dataDir: string, accountId: string): Promise<SeededCrawls> {
  const small = await startSlowSite(4, 0);
  const slow = await startSlowSite(12, 400);
  const api = await startCrawlApi({ dataDir });
  try {
    const { key } = await api.newKey(accountId);
    const create = async (url: string) => {
      const res = await api.request('POST', '/api/v1/crawls', { key, body: { url } });
      if (res.status !== 202 && res.status !== 201) throw new Error(`POST /crawls: ${res.status} ${res.text}`);
      return res.json.crawl.id as string;
    };
    const complete = await create(small.url);
    await waitForCrawl(api, complete, undefined, key);
    const share = await api.request('POST', `/api/v1/crawls/${complete}/share`, { key, body: {} });
    if (share.status !== 201) throw new Error(`POST /crawls/{id}/share: ${share.status} ${share.text}`);
    const failed = await create('http://127.0.0.1:1/'); // nothing listens there: the start fails
    await waitForCrawl(api, failed, undefined, key);
    const cancelled = await create(slow.url);
    await waitForCrawl(api, cancelled, (c) => c.progress.audited >= 1, key);
    await api.request('DELETE', `/api/v1/crawls/${cancelled}`, { key });
    await waitForCrawl(api, cancelled, undefined, key);
    const running = await create(`${slow.url}/`);
    await waitForCrawl(api, running, (c) => c.progress.audited >= 2, key);
    return { complete, failed, cancelled, running };
  } finally {
    await api.close(); // stops the running crawl without ending it
    await small.close();
    await slow.close();
  }
}

/** One log upload of the project, with one committed chunk over two days and two pages. */
async function seedTraffic(store: Store, accountId: string): Promise<void> {
  const traffic = await store.traffic();
  const at = '2026-09-02T08:00:00.000Z';
  await traffic.createIngest({
    id: 'ing_MIGRATEINGEST0001',
    account_id: accountId,
    project_id: PROJECT,
    sha256: 'a'.repeat(64),
    status: 'ingesting',
    bytes: 4096,
    lines: 0,
    offset: 0,
    problems: [],
    error: null,
    created_at: at,
    updated_at: at,
  });
  const gpt = nginx('20.171.206.12', '01/Sep/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', UA.gptbot);
  const claude = nginx('192.0.2.1', '02/Sep/2026:10:00:00 +0000', 'GET /b HTTP/1.1', 200, '-', UA.claudebot);
  await traffic.commitChunk(chunkOf('ing_MIGRATEINGEST0001', 0, [gpt, claude, 'not a log line'], PROJECT));
}
