/**
 * AI crawler traffic of projects (docs/logs.md#the-api): the uploads of access logs ("ingests") and the daily
 * rollups they add to. Reached through `Store.traffic()`; lowdb in lowdb/traffic.ts, PostgreSQL in
 * postgres/traffic.ts. An upload is read in chunks; each chunk is one `commitChunk`, which adds its days and
 * moves the ingest's cursor in one durable write, so an ingest stopped anywhere resumes at its cursor and
 * counts every line once. Every write resolves once it is durable.
 */
import type { LogProblem } from '../../../shared/logs/types.js';
import type { StoredTrafficBlock } from '../rollup/traffic-blocks.js';
import type { DayRollup, StoredTrafficDay } from '../rollup/traffic-days.js';

export type { DayRollup, StoredTrafficDay } from '../rollup/traffic-days.js';
export type { StoredTrafficBlock } from '../rollup/traffic-blocks.js';

export const INGEST_STATUSES = ['queued', 'ingesting', 'done', 'failed'] as const;
export type IngestStatus = (typeof INGEST_STATUSES)[number];

export interface StoredIngest {
  /** `ing_` + 16 base62 characters. */
  id: string;
  account_id: string;
  project_id: string;
  /** Hex SHA-256 of the bytes uploaded (as sent, compressed or not): the same bytes are the same ingest. */
  sha256: string;
  status: IngestStatus;
  /** Bytes uploaded. */
  bytes: number;
  /** Lines read so far (committed chunks only). */
  lines: number;
  /** The cursor: bytes of the log (after gunzip) read and committed; reading resumes here. */
  offset: number;
  /** The first lines that could not be read. */
  problems: LogProblem[];
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** One committed chunk of an ingest: its days, what it read, and where the next chunk starts. */
export interface TrafficChunk {
  ingest_id: string;
  project_id: string;
  /** The cursor the chunk was read from: a chunk whose `from` is not the ingest's offset was committed already. */
  from: number;
  to: number;
  lines: number;
  problems: LogProblem[];
  days: { date: string; rollup: DayRollup }[];
  /** Paths AI agents fetched, with the days (`YYYY-MM-DD`) they did: what `not_crawled` reads. */
  pages: { path: string; dates: string[] }[];
  at: string;
}

export interface TrafficStore {
  /** Adds the ingest, unless the project has one of the same bytes: then that one is answered, and `created` is false. */
  createIngest(ingest: StoredIngest): Promise<{ ingest: StoredIngest; created: boolean }>;
  getIngest(projectId: string, id: string): Promise<StoredIngest | null>;
  /** Ingests queued or under way (to resume after a restart), oldest first. */
  listUnfinishedIngests(): Promise<StoredIngest[]>;
  /** Adds a chunk and moves the cursor, at once; false (and nothing changed) when the chunk was committed already. */
  commitChunk(chunk: TrafficChunk): Promise<boolean>;
  /** Marks an ingest `ingesting`, `done` or `failed` (with why). */
  setIngestStatus(id: string, status: IngestStatus, error: string | null, at: string): Promise<void>;
  /** The project's rollups from `since` to `until` (dates, inclusive), oldest first. */
  listDays(projectId: string, since: string, until: string): Promise<StoredTrafficDay[]>;
  /**
   * The project's traffic from `since` to `until` (dates, inclusive; cut to the days it has) as the fewest
   * rollups that add up to it: days and aligned blocks of 2 to 512 days (../rollup/traffic-blocks.ts), in date order.
   * A block has its agents' hits per day (`agent_days`) when `agentDays` is true (a filtered window needs them).
   */
  listWindow(projectId: string, since: string, until: string, agentDays?: boolean): Promise<StoredTrafficBlock[]>;
  /** Of `paths`, those an AI agent fetched between `since` and `until` (dates, inclusive). */
  fetchedPaths(projectId: string, paths: readonly string[], since: string, until: string): Promise<Set<string>>;
  /** Removes the project's ingests and rollups (the project was deleted). */
  deleteProject(projectId: string): Promise<void>;
  close(): Promise<void>;
}
