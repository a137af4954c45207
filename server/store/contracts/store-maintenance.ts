/**
 * What operating a store needs beyond serving requests (docs/operations.md): is it ready to serve, what
 * does an account hold and removing all of it, removing data older than the retention period, and running
 * a job once a day across every process that shares the store. Part of the `Store` (store.ts); lowdb in
 * lowdb/store-maintenance.ts, PostgreSQL in postgres/store-maintenance.ts.
 */

export interface ReadinessCheck {
  ok: boolean;
  /** What was checked, or what is wrong. */
  detail: string;
}

export interface StoreReadiness {
  /** The data can be read and written: the data directory, or a query on the database. */
  store: ReadinessCheck;
  /** The schema is the one this version needs (PostgreSQL's migrations; the embedded store has none). */
  migrations: ReadinessCheck;
}

/**
 * Every kind of record an account owns, counted: what `citable accounts delete` says would go, then what
 * went. `traffic_rollups` is the hook of the access-log traffic reports: a store that keeps them counts and
 * removes them with the rest (0 while it has none).
 */
export interface AccountRecords {
  keys: number;
  audits: number;
  crawls: number;
  shares: number;
  branding: number;
  monitors: number;
  webhooks: number;
  /** Webhook events, each with its deliveries (pending ones included). */
  webhook_events: number;
  projects: number;
  prompts: number;
  citation_rows: number;
  citation_checks: number;
  traffic_rollups: number;
}

/** What one retention pass removed. `traffic_rollups`: the same hook as in AccountRecords. */
export interface ExpiredRecords {
  audits: number;
  citation_rows: number;
  traffic_rollups: number;
}

export interface StoreMaintenance {
  /** Whether this store can serve: for GET /readyz. Never throws: a failure is a check that is not ok. */
  readiness(): Promise<StoreReadiness>;

  /** What the account holds (deleted prompts and their rows included), or null when there is no such account. */
  accountRecords(accountId: string): Promise<AccountRecords | null>;

  /**
   * Removes the account and every record it owns (including every file of it on disk and its ids in the
   * scheduler's shared check records), returning what it held; null when there is no such account. Other
   * accounts are untouched. The embedded store needs its data directory to itself (no server on it):
   * `citable accounts delete` takes the directory's lock first.
   */
  deleteAccount(accountId: string): Promise<AccountRecords | null>;

  /**
   * Removes audits scanned before `before` and citation rows (with their runs) checked before it; a row's
   * tally leaves the summaries with it. Crawls, reports and shares that name a removed audit stay and say
   * it expired. Safe while the store serves.
   */
  expireBefore(before: Date): Promise<ExpiredRecords>;

  /**
   * Runs `work` for `job` on `day` (YYYY-MM-DD) unless it already ran for that day, in this or any process
   * sharing the store: exactly one caller runs it, the others get false. A run that throws is not recorded.
   */
  onceForDay(job: string, day: string, work: () => Promise<void>): Promise<boolean>;
}

export function noAccountRecords(): AccountRecords {
  return {
    keys: 0,
    audits: 0,
    crawls: 0,
    shares: 0,
    branding: 0,
    monitors: 0,
    webhooks: 0,
    webhook_events: 0,
    projects: 0,
    prompts: 0,
    citation_rows: 0,
    citation_checks: 0,
    traffic_rollups: 0,
  };
}
