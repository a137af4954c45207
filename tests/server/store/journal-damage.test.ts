/**
 * Damaged journals of the embedded store: lines a crash or damage left unreadable are skipped at open, and
 * each journal reports them as its own collection's, naming the file, so the server's log says which file
 * lost lines. Opened as the server opens its store (openServerStore), and as the server itself runs.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../server/logging/logger.js';
import { logJournalDamage, openServerStore } from '../../../server/store/factory.js';
import type { JournalDamage } from '../../../server/store/lowdb/store.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';

/** Each collection's journal, relative to DATA_DIR. */
const JOURNALS = {
  citations: 'citations/prompts.journal',
  crawls: 'crawls/crawls.journal',
  projects: 'citations/projects.journal',
  shares: 'reports/shares.journal',
  webhooks: 'webhooks/outbox.journal',
} as const;

/** A journal holding one complete line that is not JSON: damage, skipped at open. */
async function damage(dataDir: string, journal: string): Promise<void> {
  await mkdir(path.dirname(path.join(dataDir, journal)), { recursive: true });
  await writeFile(path.join(dataDir, journal), '\u0000not a journal line\n');
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-damage-'));
  for (const journal of Object.values(JOURNALS)) await damage(dataDir, journal);
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('a damaged journal, opened as the server opens the store', () => {
  it('is reported once, as its own collection, with its file', async () => {
    const reports: JournalDamage[] = [];
    const opened = await openServerStore({ dataDir, databaseUrl: null }, { onDroppedJournalLines: (d) => reports.push(d) });
    const { store } = opened;
    await Promise.all([store.citations(), store.crawls(), store.projects(), store.shares(), store.webhooks()]);
    await store.close();
    await opened.release();
    expect(reports.sort((a, b) => a.collection.localeCompare(b.collection))).toEqual(
      Object.entries(JOURNALS).map(([collection, journal]) => ({ collection, file: path.join(dataDir, journal), count: 1 })),
    );
  });

  it('reaches the log with the file: the crawls journal and the webhook outbox each under their own message', async () => {
    const logger = createMemoryLogger();
    const opened = await openServerStore({ dataDir, databaseUrl: null }, { onDroppedJournalLines: logJournalDamage(logger) });
    await Promise.all([opened.store.crawls(), opened.store.webhooks()]);
    await opened.store.close();
    await opened.release();
    expect(logger.lines.map((l) => [l.level, l.msg, l.file, l.count])).toEqual([
      ['warn', 'crawls journal: dropped unreadable lines (a write a crash interrupted)', path.join(dataDir, JOURNALS.crawls), 1],
      ['warn', 'webhook outbox journal: dropped unreadable lines (a write a crash interrupted)', path.join(dataDir, JOURNALS.webhooks), 1],
    ]);
  });
});

describe('a damaged journal, at a real server start', () => {
  let server: ServerProcess | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  /** The log's warnings about dropped lines, once the journals the server opens at its start have been read. */
  async function droppedLineWarnings(running: ServerProcess, expected: number): Promise<Array<[unknown, unknown]>> {
    const warnings = () => running.logs.filter((l) => l.level === 'warn' && String(l.msg).includes('dropped unreadable lines'));
    for (let i = 0; i < 100 && warnings().length < expected; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    return warnings()
      .map((l): [unknown, unknown] => [l.msg, path.relative(dataDir, String(l.file))])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
  }

  it('logs each journal it opens (citations, crawls, the webhook outbox) by its file', async () => {
    server = await startServerProcess({ env: { DATA_DIR: dataDir }, fromSource: true });
    expect(await droppedLineWarnings(server, 3)).toEqual([
      ['journal: dropped unreadable lines (a write a crash interrupted)', JOURNALS.citations],
      ['crawls journal: dropped unreadable lines (a write a crash interrupted)', JOURNALS.crawls],
      ['webhook outbox journal: dropped unreadable lines (a write a crash interrupted)', JOURNALS.webhooks],
    ]);
  });
});
