/**
 * The stores the shared contract suites run against: lowdb in a temp data directory, and PostgreSQL in
 * a fresh database of a real server started for the test file (tests/helpers/services/). A subject makes
 * a fresh, empty place per test; `open()` opens a store over it, as often as a test reopens.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { PostgresStore } from '../../../server/store/postgres/store.js';
import type { Store } from '../../../server/store/contracts/store.js';
import { startPostgres, type PostgresServer } from '../../helpers/services/index.js';

export interface StorePlace {
  /** A store over this place's data (a new instance each call, as a restarted process would have). */
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

export interface StoreSubject {
  name: string;
  /** Once per test file, before any place (start a server). */
  setup(): Promise<void>;
  teardown(): Promise<void>;
  place(): Promise<StorePlace>;
}

export function lowdbSubject(): StoreSubject {
  return {
    name: 'lowdb',
    setup: async () => undefined,
    teardown: async () => undefined,
    async place() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-store-'));
      return { open: () => LowdbStore.open(dir), dispose: () => rm(dir, { recursive: true, force: true }) };
    },
  };
}

export function postgresSubject(): StoreSubject {
  let server: PostgresServer | null = null;
  return {
    name: 'PostgreSQL',
    async setup() {
      server = await startPostgres();
    },
    async teardown() {
      await server?.stop();
    },
    async place() {
      const url = await server!.createDatabase();
      return { open: () => PostgresStore.open(url, { poolSize: 4 }), dispose: async () => undefined };
    },
  };
}

/**
 * A contract suite's lifecycle in one call: the subject set up once per file, a fresh place and store per
 * test, `onOpen` on each open (to read the sub-store under test), and `reopen` (close, then open over the
 * same data, as a restarted process would).
 */
export function storePerTest(
  subject: StoreSubject,
  onOpen: (store: Store) => Promise<void>,
): { place(): StorePlace; reopen(): Promise<void> } {
  let place: StorePlace;
  let store: Store;
  const open = async () => {
    store = await place.open();
    await onOpen(store);
  };
  beforeAll(() => subject.setup(), 60_000);
  afterAll(() => subject.teardown(), 60_000);
  beforeEach(async () => {
    place = await subject.place();
    await open();
  });
  afterEach(async () => {
    await store.close();
    await place.dispose();
  });
  return {
    place: () => place,
    async reopen() {
      await store.close();
      await open();
    },
  };
}
