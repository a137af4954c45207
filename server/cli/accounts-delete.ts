/**
 * `citable accounts delete ID --yes` (docs/operations.md#deleting-an-account): every record of the account,
 * on either store, and with REDIS_URL its queued jobs. Without --yes it only says what would go. The
 * embedded store is rewritten in place, so the server must be stopped: the command takes the data
 * directory's lock, as a server would, and refuses while one runs. PostgreSQL deletes in one transaction
 * while servers run (their cached keys of the account are dropped at once).
 */
import { lockDataDir, type DataDirLock } from '../store/lowdb/infra/data-dir-lock.js';
import { readStoreSettings } from '../settings/store-settings.js';
import { readText } from '../settings/parse.js';
import type { AccountRecords } from '../store/contracts/store-maintenance.js';
import type { Store } from '../store/contracts/store.js';
import type { CliIo } from './io.js';
import { openCliStore, whereItLooked } from './open-cli-store.js';

const WORDS: Record<keyof AccountRecords, string> = {
  keys: 'API keys',
  audits: 'audits (their files too)',
  crawls: 'site audits (crawls) with their pages',
  shares: 'share links',
  branding: 'report branding',
  monitors: 'monitors',
  webhooks: 'webhooks',
  webhook_events: 'webhook events with their deliveries (pending ones included)',
  projects: 'projects',
  prompts: 'tracked prompts',
  citation_rows: 'citation results with their answers (and their part of the summaries)',
  citation_checks: 'citation checks',
  traffic_rollups: 'traffic rollups',
};

export function recordLines(records: AccountRecords): string {
  return (Object.keys(WORDS) as Array<keyof AccountRecords>).map((k) => `  ${String(records[k]).padStart(7)}  ${WORDS[k]}\n`).join('');
}

/** Every crawl id of the account (its BullMQ jobs are found by them). */
async function crawlIdsOf(store: Store, accountId: string): Promise<Set<string>> {
  const crawls = await store.crawls();
  const ids = new Set<string>();
  for (let page = await crawls.listCrawls(accountId, { limit: 100 }); ;) {
    for (const c of page.crawls) ids.add(c.id);
    if (!page.next) return ids;
    page = await crawls.listCrawls(accountId, { limit: 100, after: page.next });
  }
}

export async function deleteAccountCommand(id: string, confirmed: boolean, json: boolean, io: CliIo): Promise<number> {
  const settings = readStoreSettings(io.env);
  let lock: DataDirLock | null = null;
  if (!settings.databaseUrl) {
    try {
      lock = await lockDataDir(settings.dataDir);
    } catch (error) {
      io.stderr.write(
        `citable accounts: ${(error as Error).message.replace(/; stop it or choose another DATA_DIR$/, '')}: stop it first (the embedded store is rewritten in place)\n`,
      );
      return 1;
    }
  }
  const store = await openCliStore(io, { existing: true }).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  try {
    const records = store ? await store.accountRecords(id) : null;
    if (!store || !records) {
      io.stderr.write(`citable accounts: no account ${id}${await whereItLooked(io)}\n`);
      return 1;
    }
    if (!confirmed) {
      io.stderr.write(
        `citable accounts: delete ${id} would remove, for good:\n${recordLines(records)}Nothing was deleted. Run again with --yes to delete it.\n`,
      );
      return 2;
    }
    const crawlIds = await crawlIdsOf(store, id);
    const deleted = (await store.deleteAccount(id))!;
    const redisUrl = readText(io.env, 'REDIS_URL');
    const jobs = redisUrl ? await (await import('./account-queued-jobs.js')).removeQueuedJobs(redisUrl, id, crawlIds) : null;
    if (json) io.stdout.write(`${JSON.stringify({ id, deleted, ...(jobs ? { queued_jobs: jobs } : {}) })}\n`);
    else {
      const jobLine = jobs
        ? `  ${String(jobs.removed).padStart(7)}  queued jobs${jobs.running ? ` (${jobs.running} running, left to end)` : ''}\n`
        : '';
      io.stdout.write(`Deleted account ${id}:\n${recordLines(deleted)}${jobLine}`);
    }
    return 0;
  } finally {
    await store?.close();
    await lock?.release();
  }
}
