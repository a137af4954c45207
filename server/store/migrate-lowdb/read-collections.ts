/**
 * The collections a lowdb data directory gained after the first migrate (`citable migrate`), read without
 * writing to it, each as the server would see it at its next start: projects (citations/projects.journal
 * replayed), report branding (reports/branding/<account>.json), share links (reports/shares.journal, the
 * last line of an id wins), monitors (monitors.json), webhooks with their secrets (webhooks/webhooks.json)
 * and the outbox (webhooks/outbox.journal replayed: every event, whose dedupe keys keep an audit from
 * making a second event; the deliveries the server keeps when it compacts the outbox at open, so not
 * finished ones past their retention nor those of deleted webhooks), and traffic (traffic/traffic.journal replayed).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredBranding } from '../contracts/branding.js';
import type { StoredMonitor } from '../contracts/monitors.js';
import { parseProjectLine } from '../lowdb/projects.js';
import type { StoredProject } from '../contracts/projects.js';
import type { StoredShare } from '../contracts/shares.js';
import { parseShareLine } from '../lowdb/shares.js';
import { parseOutboxLine, type OutboxLine } from '../lowdb/webhooks-outbox-lines.js';
import { OutboxState } from '../lowdb/webhooks-outbox-state.js';
import type { StoredDelivery, StoredEvent, StoredWebhook } from '../contracts/webhooks.js';
import { eachLine, exists } from './read-lines.js';
import { parseTrafficLine } from '../lowdb/traffic.js';
import { TrafficState } from '../lowdb/traffic-state.js';

export interface LowdbCollections {
  projects: StoredProject[];
  branding: StoredBranding[];
  shares: StoredShare[];
  monitors: StoredMonitor[];
  webhooks: StoredWebhook[];
  events: StoredEvent[];
  /** In the order they were stored (PostgreSQL numbers them in this order). */
  deliveries: StoredDelivery[];
  /** Deliveries the server would drop at its next start (past retention, or of a deleted webhook): not copied. */
  compactedDeliveries: number;
  /** The traffic journal replayed (traffic/traffic.journal). */
  traffic: TrafficState;
}

export async function readLowdbCollections(dataDir: string, dropped: Record<string, number>, nowMs: number): Promise<LowdbCollections> {
  const projects = new Map<string, StoredProject>();
  await eachLine(path.join(dataDir, 'citations', 'projects.journal'), dropped, (value) => {
    const line = parseProjectLine(value);
    if (!line) return false;
    if (line.op === 'put')
      projects.set(line.project.id, line.project); // a put keeps the project's place, as in the server
    else if (projects.get(line.id)?.account_id === line.account_id) projects.delete(line.id);
    return true;
  });

  const shares = new Map<string, StoredShare>();
  await eachLine(path.join(dataDir, 'reports', 'shares.journal'), dropped, (value) => {
    const share = parseShareLine(value);
    if (share) shares.set(share.id, share);
    return share !== null;
  });

  const traffic = new TrafficState();
  await eachLine(path.join(dataDir, 'traffic', 'traffic.journal'), dropped, (value) => {
    const line = parseTrafficLine(value);
    if (line) traffic.apply(line);
    return line !== null;
  });

  const outboxLines: OutboxLine[] = [];
  await eachLine(path.join(dataDir, 'webhooks', 'outbox.journal'), dropped, (value) => {
    const line = parseOutboxLine(value);
    if (line) outboxLines.push(line);
    return line !== null;
  });
  const webhooks = (await readJsonDoc<{ webhooks?: StoredWebhook[] }>(path.join(dataDir, 'webhooks', 'webhooks.json')))?.webhooks ?? [];
  const replayed = OutboxState.fromLines(outboxLines);
  const compacted = replayed.compacted(nowMs, new Set(webhooks.map((w) => w.id)));
  const kept = OutboxState.fromLines(compacted.lines);

  return {
    projects: [...projects.values()],
    branding: await readBranding(path.join(dataDir, 'reports', 'branding'), dropped),
    shares: [...shares.values()],
    // Records written before pausing existed have no paused_at: not paused.
    monitors: ((await readJsonDoc<{ monitors?: StoredMonitor[] }>(path.join(dataDir, 'monitors.json')))?.monitors ?? []).map((m) => ({
      ...m,
      paused_at: m.paused_at ?? null,
    })),
    webhooks,
    events: [...replayed.events.values()],
    deliveries: [...kept.deliveries.values()],
    compactedDeliveries: compacted.dropped,
    traffic,
  };
}

/** One file per account; a file that does not parse is counted, as the server would fail to read it. */
async function readBranding(dir: string, dropped: Record<string, number>): Promise<StoredBranding[]> {
  if (!(await exists(dir))) return [];
  const out: StoredBranding[] = [];
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()) {
    try {
      const branding = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as StoredBranding;
      if (typeof branding?.account_id !== 'string' || `${branding.account_id}.json` !== name) throw new Error('not a branding file');
      out.push(branding);
    } catch {
      dropped[`branding/${name}`] = (dropped[`branding/${name}`] ?? 0) + 1;
    }
  }
  return out;
}

/** A SharedJsonDoc file (monitors.json, webhooks.json); null when absent. Bad JSON stops the copy with the server's own message. */
async function readJsonDoc<T>(file: string): Promise<T | null> {
  if (!(await exists(file))) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    throw new Error(`${file} is not valid JSON; restore it from a backup or remove it to start empty`);
  }
}
