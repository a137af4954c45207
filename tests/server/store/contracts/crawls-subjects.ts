/**
 * The crawl stores the contract runs against: any store's crawls (lowdb, the embedded default, and
 * PostgreSQL: crawlSubjectOf), and the store in memory the CLI crawls with (memoryCrawlSubject).
 */
import { MemoryCrawlStore } from '../../../../server/store/memory/crawls.js';
import type { CrawlStore } from '../../../../server/store/contracts/crawls.js';
import type { StoreSubject } from '../subjects.js';

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

/** The crawls of a store subject's stores. */
export function crawlSubjectOf(subject: StoreSubject): CrawlStoreSubject {
  return {
    name: subject.name,
    durable: true,
    setup: () => subject.setup(),
    teardown: () => subject.teardown(),
    async place() {
      const place = await subject.place();
      return {
        async open() {
          const store = await place.open();
          return { crawls: await store.crawls(), close: () => store.close() };
        },
        dispose: () => place.dispose(),
      };
    },
  };
}

export const memoryCrawlSubject = (): CrawlStoreSubject => ({
  name: 'memory',
  durable: false,
  setup: async () => undefined,
  teardown: async () => undefined,
  async place() {
    return { open: async () => ({ crawls: new MemoryCrawlStore(), close: async () => undefined }), dispose: async () => undefined };
  },
});
