/**
 * Which store the server and the CLI use: PostgreSQL when DATABASE_URL is set (several processes share
 * it), else the embedded lowdb store in DATA_DIR (the default: `npm start` needs nothing configured).
 */
import { mkdir } from 'node:fs/promises';
import { lockDataDir } from './lowdb/infra/data-dir-lock.js';
import type { StoreSettings } from '../settings/store-settings.js';
import type { Logger } from '../logging/logger.js';
import { redactUrl } from '../util/redact-url.js';
import { LowdbStore, type JournalCollection, type JournalDamage, type LowdbStoreOptions } from './lowdb/store.js';
import type { Store } from './contracts/store.js';

// pg is loaded only when DATABASE_URL asks for it: the embedded default starts without it.
const loadPostgres = () => import('./postgres/store.js').then((m) => m.PostgresStore);

export interface ServerStoreSettings extends Pick<StoreSettings, 'dataDir' | 'databaseUrl'> {
  /** PostgreSQL connections per process. */
  databasePoolSize?: number;
}

export interface OpenedStore {
  store: Store;
  kind: 'lowdb' | 'postgres';
  /** Where the data lives, for the start-up log line (never a password). */
  location: string;
  /** Runs `work` while no other process sharing this store runs one (the first start's account). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Gives back what opening took (the data directory's lock); call after store.close(). */
  release(): Promise<void>;
}

/**
 * The server's store. lowdb: the data directory is created and locked (one server per directory: its
 * index lives in memory). PostgreSQL: migrations run first; any number of servers may share it.
 */
export async function openServerStore(settings: ServerStoreSettings, lowdbOptions: LowdbStoreOptions = {}): Promise<OpenedStore> {
  if (settings.databaseUrl) {
    const PostgresStore = await loadPostgres();
    const store = await PostgresStore.open(settings.databaseUrl, {
      poolSize: settings.databasePoolSize,
      applicationName: 'citable-server',
    }).catch((error: unknown) => {
      throw new Error(`DATABASE_URL: cannot use ${redactUrl(settings.databaseUrl!)} (${(error as Error).message})`);
    });
    return {
      store,
      kind: 'postgres',
      location: redactUrl(settings.databaseUrl),
      exclusive: (work) => store.exclusive('bootstrap', work),
      release: async () => undefined,
    };
  }
  await mkdir(settings.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(settings.dataDir);
  try {
    // After a crash, audit files a cut-short put left without a journal line are removed at open.
    const store = await LowdbStore.open(settings.dataDir, { ...lowdbOptions, sweepUnindexedFiles: lock.tookOverFromCrash });
    return { store, kind: 'lowdb', location: settings.dataDir, exclusive: (work) => work(), release: lock.release };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** The log line of each collection's damaged journal (a new journaled collection adds its line here: the type asks for it). */
const JOURNAL_DAMAGE: Record<JournalCollection, string> = {
  citations: 'journal: dropped unreadable lines (a write a crash interrupted)',
  crawls: 'crawls journal: dropped unreadable lines (a write a crash interrupted)',
  projects: 'projects journal: dropped unreadable lines (a write a crash interrupted)',
  shares: 'share links journal: dropped unreadable lines (a write a crash interrupted)',
  traffic: 'traffic journal: dropped unreadable lines (a write a crash interrupted)',
  webhooks: 'webhook outbox journal: dropped unreadable lines (a write a crash interrupted)',
};

/** The server's `onDroppedJournalLines`: a warning naming the file and the lines it lost, worded per collection. */
export function logJournalDamage(logger: Logger): (damage: JournalDamage) => void {
  return ({ collection, file, count }) => logger.warn(JOURNAL_DAMAGE[collection], { file, count });
}

/** The CLI's store: the same choice, without the server's lock (account and key writes are safe beside a running server). */
export async function openCliStoreFrom(settings: Pick<StoreSettings, 'dataDir' | 'databaseUrl'>): Promise<Store> {
  if (settings.databaseUrl)
    return (await loadPostgres()).open(settings.databaseUrl, { poolSize: 2, applicationName: 'citable-cli', cacheKeys: false });
  return LowdbStore.open(settings.dataDir, { readOnlyOutbox: true });
}
