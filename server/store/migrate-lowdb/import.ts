/**
 * Copies a lowdb data directory into PostgreSQL and proves the copy (`citable migrate`). Idempotent: every
 * record keeps its id (citation rows: their journal offset as import_key) and is inserted with
 * ON CONFLICT DO NOTHING, so a second run copies nothing new and duplicates nothing; the citation rollups
 * are rebuilt only where they differ (citations-rollups.ts). Verification reads every record back and
 * compares checksums (verify.ts). Collections go in an order that satisfies the foreign keys
 * (keys after accounts, deliveries after their webhook and event).
 *
 * The folder: read.ts (with read-*.ts) reads the data directory without writing to it; each resource has
 * its file, named as in contracts/, saying how its records are copied (most through copy-each.ts); this
 * file puts them in order.
 *
 * The outbox: events and deliveries keep their ids, states, attempts, logs and due times. A pending
 * delivery stays pending with no lease (lowdb's leases live in the stopped server's memory), so the first
 * PostgreSQL server sends it at its due time with the same event id: at least once, as the contract says
 * (a send the lowdb server made just before it stopped, without recording it, may reach the receiver
 * twice; receivers dedupe by event id).
 */
import type pg from 'pg';
import { accountsCopy, keysCopy } from './accounts.js';
import { importAudits } from './audits.js';
import { brandingCopy } from './branding.js';
import { checksCopy, importCitationRows, promptsCopy } from './citations.js';
import { importRollups } from './citations-rollups.js';
import { copyEach, type EachCopy } from './copy-each.js';
import { importCrawls } from './crawls.js';
import { monitorsCopy } from './monitors.js';
import { projectsCopy } from './projects.js';
import type { LowdbSource } from './read.js';
import { sharesCopy } from './shares.js';
import type { CollectionReport } from './verify.js';
import { deliveriesCopy, eventsCopy, webhooksCopy } from './webhooks.js';
import { trafficDaysCopy, trafficIngestsCopy, trafficPagesCopy } from './traffic.js';

export type { CollectionName, CollectionReport } from './verify.js';

export async function importLowdb(
  pool: pg.Pool,
  source: LowdbSource,
  onProgress: (message: string) => void = () => undefined,
): Promise<CollectionReport[]> {
  const { projects, branding, shares, monitors, webhooks, events, deliveries } = source.collections;
  const each = (copy: EachCopy) => copyEach(pool, copy);
  return [
    await each(accountsCopy(source.accounts)),
    await each(keysCopy(source.keys, new Set(source.accounts.map((a) => a.id)))),
    await importAudits(pool, source, onProgress),
    // Site audits after the audits their pages point to (by crawl_id in each page audit, copied with it).
    ...(await importCrawls(pool, source.crawls, onProgress)),
    await each(projectsCopy(projects)),
    await each(promptsCopy(source.prompts)),
    ...(await importCitationRows(pool, source, onProgress)),
    await importRollups(pool, source),
    await each(checksCopy(source.checks)),
    await each(brandingCopy(branding)),
    await each(sharesCopy(shares)),
    await each(monitorsCopy(monitors)),
    await each(webhooksCopy(webhooks)),
    await each(eventsCopy(events)),
    await each(deliveriesCopy(deliveries)),
    // Traffic after the projects it belongs to.
    await each(trafficIngestsCopy([...source.collections.traffic.ingests.values()])),
    await each(trafficDaysCopy(source.collections.traffic.days)),
    await each(trafficPagesCopy(source.collections.traffic.pages)),
  ];
}
