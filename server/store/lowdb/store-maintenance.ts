/**
 * The embedded side of store maintenance (contracts/store-maintenance.ts), on the files of the data
 * directory: what an account holds, counted by reading them, and removed by rewriting them (journals
 * through infra/rewrite-lines.ts; the files a journal names before its lines). LowdbStore (store.ts) runs
 * these with the resources concerned closed, behind its gate, and reopens them afterwards.
 */
import { access, constants, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { AUDIT_ID } from '../../audits/audit-id.js';
import { noAccountRecords, type AccountRecords, type StoreReadiness } from '../contracts/store-maintenance.js';
import type { StoredMonitor } from '../contracts/monitors.js';
import type { StoredWebhook } from '../contracts/webhooks.js';
import { removeAudits } from './audits-maintenance.js';
import { removeAccountCitations } from './citations-maintenance.js';
import { parseCrawlRecordLine } from './crawls.js';
import { parseShareLine } from './shares.js';
import { parseOutboxLine } from './webhooks-outbox-lines.js';
import { SharedJsonDoc } from './infra/shared-json-doc.js';
import { removeAccountTraffic } from './traffic-maintenance.js';
import { stageRewrite, type StagedRewrite } from './infra/rewrite-lines.js';

export async function readiness(dataDir: string): Promise<StoreReadiness> {
  const migrations = { ok: true, detail: 'the embedded store has no schema migrations' };
  try {
    await access(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
    const accounts = path.join(dataDir, 'accounts.json');
    await readFile(accounts).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return { store: { ok: true, detail: `${dataDir} is readable and writable` }, migrations };
  } catch (error) {
    return { store: { ok: false, detail: `${dataDir}: ${(error as Error).message}` }, migrations };
  }
}

/** Counts (apply false) or removes (apply true) every record of the account but its accounts.json entry. */
export async function removeAccountFiles(dataDir: string, accountId: string, apply: boolean): Promise<Omit<AccountRecords, 'keys'>> {
  const counts = noAccountRecords();
  counts.audits = await removeAudits(dataDir, (r) => r.account_id === accountId, apply);
  Object.assign(counts, await removeAccountCitations(dataDir, accountId, apply));
  counts.crawls = await removeCrawls(dataDir, accountId, apply);
  counts.shares = await removeShares(dataDir, accountId, apply);
  counts.branding = await removeBranding(dataDir, accountId, apply);
  counts.monitors = await removeFromDoc<StoredMonitor>(path.join(dataDir, 'monitors.json'), 'monitors', accountId, apply);
  Object.assign(counts, await removeWebhooks(dataDir, accountId, apply));
  counts.traffic_rollups = await removeAccountTraffic(dataDir, accountId, apply);
  const { keys: _keys, ...rest } = counts;
  return rest;
}

async function settle(staged: StagedRewrite, apply: boolean): Promise<void> {
  await (apply ? staged.commit() : staged.abandon());
}

/** crawls/crawls.journal, and each crawl's events and site files. */
async function removeCrawls(dataDir: string, accountId: string, apply: boolean): Promise<number> {
  const dir = path.join(dataDir, 'crawls');
  const ids = new Set<string>();
  const staged = await stageRewrite(path.join(dir, 'crawls.journal'), (value) => {
    const crawl = parseCrawlRecordLine(value);
    if (!crawl || crawl.account_id !== accountId) return 'keep';
    ids.add(crawl.id);
    return 'drop';
  });
  if (apply) {
    for (const id of ids) {
      if (!AUDIT_ID.test(id)) continue;
      for (const kind of ['events', 'site.json']) await rm(path.join(dir, `${id}.${kind}`), { force: true });
    }
  }
  await settle(staged, apply);
  return ids.size;
}

async function removeShares(dataDir: string, accountId: string, apply: boolean): Promise<number> {
  const ids = new Set<string>();
  const staged = await stageRewrite(path.join(dataDir, 'reports', 'shares.journal'), (value) => {
    const share = parseShareLine(value);
    if (!share || share.account_id !== accountId) return 'keep';
    ids.add(share.id);
    return 'drop';
  });
  await settle(staged, apply);
  return ids.size;
}

async function removeBranding(dataDir: string, accountId: string, apply: boolean): Promise<number> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(accountId)) return 0;
  const file = path.join(dataDir, 'reports', 'branding', `${accountId}.json`);
  const present = await access(file).then(
    () => 1,
    () => 0,
  );
  if (present && apply) await rm(file, { force: true });
  return present;
}

/** The account's entries of a shared JSON document (monitors.json, webhooks.json), through its lock. */
async function removeFromDoc<T extends { account_id: string }>(
  file: string,
  member: string,
  accountId: string,
  apply: boolean,
): Promise<number> {
  type Doc = Record<string, unknown> & { version: 1 };
  const doc = await SharedJsonDoc.open<Doc>(file, () => ({ version: 1, [member]: [] }));
  const entries = ((await doc.current())[member] as T[] | undefined) ?? [];
  const count = entries.filter((e) => e.account_id === accountId).length;
  if (count === 0 || !apply) return count;
  await doc.mutate((data) => {
    data[member] = ((data[member] as T[] | undefined) ?? []).filter((e) => e.account_id !== accountId);
  });
  return count;
}

/** webhooks/webhooks.json and the outbox: the account's events with their deliveries, and every line about them. */
async function removeWebhooks(
  dataDir: string,
  accountId: string,
  apply: boolean,
): Promise<Pick<AccountRecords, 'webhooks' | 'webhook_events'>> {
  const dir = path.join(dataDir, 'webhooks');
  const file = path.join(dir, 'webhooks.json');
  const doc = await SharedJsonDoc.open<{ version: 1; webhooks: StoredWebhook[] }>(file, () => ({ version: 1, webhooks: [] }));
  const webhookIds = new Set((await doc.current()).webhooks.filter((w) => w.account_id === accountId).map((w) => w.id));
  const events = new Set<string>();
  const deliveries = new Set<string>();
  const staged = await stageRewrite(path.join(dir, 'outbox.journal'), (value) => {
    const line = parseOutboxLine(value);
    if (!line) return 'keep';
    switch (line.op) {
      case 'event':
        if (line.event.account_id !== accountId) return 'keep';
        events.add(line.event.id);
        for (const d of line.deliveries) deliveries.add(d.id);
        return 'drop';
      case 'attempt':
        return deliveries.has(line.id) ? 'drop' : 'keep';
      case 'fail': {
        const ids = line.ids.filter((id) => !deliveries.has(id));
        if (ids.length === line.ids.length) return 'keep';
        return ids.length === 0 ? 'drop' : { ...line, ids };
      }
      case 'drop':
        return webhookIds.has(line.webhook_id) ? 'drop' : 'keep';
    }
  });
  await settle(staged, apply);
  const webhooks = await removeFromDoc<StoredWebhook>(file, 'webhooks', accountId, apply);
  return { webhooks, webhook_events: events.size };
}
