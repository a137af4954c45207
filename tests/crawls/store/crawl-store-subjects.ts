/** The crawl stores the contract runs against: in memory (the CLI), lowdb (the embedded default), PostgreSQL. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemoryCrawlStore } from '../../../server/store/memory/crawls.js';
import type { CrawlStore } from '../../../server/store/contracts/crawls.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { PostgresStore } from '../../../server/store/postgres/store.js';
import type { Store } from '../../../server/store/contracts/store.js';
import { startPostgres, type PostgresServer } from '../../helpers/services/index.js';

export interface CrawlStorePlace {
  open(): Promise<{ crawls: CrawlStore; close(): Promise<void> }>;
  dispose(): Promise<void>;
}

export interface CrawlStoreSubject {
  name: string;
  /** False for the memory store: nothing survives a reopen, so the reopen case is not part of its contract. */
  durable: boolean;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  place(): Promise<CrawlStorePlace>;
}

const fromStore = async (store: Store) => ({ crawls: await store.crawls(), close: () => store.close() });

export const memoryCrawlSubject = (): CrawlStoreSubject => ({
  name: 'memory',
  durable: false,
  setup: async () => undefined,
  teardown: async () => undefined,
  async place() {
    return { open: async () => ({ crawls: new MemoryCrawlStore(), close: async () => undefined }), dispose: async () => undefined };
  },
});

export const lowdbCrawlSubject = (): CrawlStoreSubject => ({
  name: 'lowdb',
  durable: true,
  setup: async () => undefined,
  teardown: async () => undefined,
  async place() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-crawl-store-'));
    return { open: async () => fromStore(await LowdbStore.open(dir)), dispose: () => rm(dir, { recursive: true, force: true }) };
  },
});

export function postgresCrawlSubject(): CrawlStoreSubject {
  let server: PostgresServer | null = null;
  return {
    name: 'PostgreSQL',
    durable: true,
    async setup() {
      server = await startPostgres();
    },
    async teardown() {
      await server?.stop();
    },
    async place() {
      const url = await server!.createDatabase();
      return { open: async () => fromStore(await PostgresStore.open(url, { poolSize: 4 })), dispose: async () => undefined };
    },
  };
}
