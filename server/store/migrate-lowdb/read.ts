/**
 * Reads everything a lowdb data directory holds, without writing to it (`citable migrate`): accounts and
 * key hashes (accounts.json), audits (the journal's first line per id, as the server's index reads it,
 * plus each audit's file as stored bytes), prompts (replayed puts and deletes), every citation row in
 * journal order with its runs (runs.blob, read per row on demand), each check's latest state, the site
 * audits (read-crawls.ts) and the newer collections (read-collections.ts). Torn or unreadable lines are
 * counted, as the server drops them at start.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { withKeyDefaults, type Account, type ApiKeyRecord } from '../contracts/accounts.js';
import type { AuditRecord } from '../contracts/audits.js';
import { parseJournalLine } from '../lowdb/audits-lines.js';
import { parseCheckLine, parsePromptLine, parseResultLine } from '../lowdb/citations-lines.js';
import type { StoredCheck, StoredCitationRow, StoredPrompt } from '../contracts/citations.js';
import type { RunRecord } from '../../../shared/schema/citation-intelligence.js';
import { eachLine, exists } from './read-lines.js';
import { readLowdbCollections, type LowdbCollections } from './read-collections.js';
import { readLowdbCrawls, type SourceCrawl } from './read-crawls.js';

export interface SourcePrompt {
  prompt: StoredPrompt;
  deleted_at: string | null;
}

export interface SourceRow {
  /** Where the line starts in results.journal: the row's identity for an idempotent copy. */
  offset: number;
  row: StoredCitationRow;
}

export interface LowdbSource {
  accounts: Account[];
  keys: ApiKeyRecord[];
  audits: AuditRecord[];
  prompts: SourcePrompt[];
  rows: SourceRow[];
  checks: StoredCheck[];
  /** Journal lines that did not parse (a torn tail, damage), per file. */
  dropped: Record<string, number>;
  /** Site audits: each crawl with its frontier, done set, rollup and site files. */
  crawls: SourceCrawl[];
  /** Projects, branding, shares, monitors, webhooks and the outbox. */
  collections: LowdbCollections;
  /** The stored bytes of an audit. */
  auditJson(id: string): Promise<Buffer>;
  /** A row's runs from citations/runs.blob ([] when stored without); null when its bytes cannot be read back. */
  runsOf(row: StoredCitationRow): Promise<RunRecord[] | null>;
  /** Releases runs.blob. */
  close(): Promise<void>;
}

export async function readLowdbSource(dataDir: string, nowMs = Date.now()): Promise<LowdbSource> {
  const accountsData = await readAccounts(path.join(dataDir, 'accounts.json'));
  const dropped: Record<string, number> = {};
  const citations = path.join(dataDir, 'citations');
  const audits = await readAudits(path.join(dataDir, 'audits.journal'), dropped);
  const prompts = await readPrompts(path.join(citations, 'prompts.journal'), dropped);
  const rows = await readRows(path.join(citations, 'results.journal'), dropped);
  const checks = await readChecks(path.join(citations, 'checks.journal'), dropped);
  const crawls = await readLowdbCrawls(dataDir, dropped);
  const collections = await readLowdbCollections(dataDir, dropped, nowMs);
  const runsFile = path.join(citations, 'runs.blob');
  const runs = (await exists(runsFile)) ? await open(runsFile, 'r') : null;
  return {
    accounts: accountsData.accounts ?? [],
    keys: (accountsData.keys ?? []).map(withKeyDefaults), // as the embedded store reads them
    audits,
    prompts,
    rows,
    checks,
    crawls,
    dropped,
    collections,
    auditJson: (id) => readFile(path.join(dataDir, 'audits', id.slice(0, 2), `${id}.json`)),
    runsOf: (row) => readRuns(runs, row),
    close: async () => {
      await runs?.close();
    },
  };
}

async function readAccounts(file: string): Promise<{ accounts?: Account[]; keys?: ApiKeyRecord[] }> {
  return (await exists(file)) ? (JSON.parse(await readFile(file, 'utf8')) as { accounts?: Account[]; keys?: ApiKeyRecord[] }) : {};
}

/** The audits journal's first line per id, as the server's index reads it. */
async function readAudits(file: string, dropped: Record<string, number>): Promise<AuditRecord[]> {
  const audits: AuditRecord[] = [];
  const seen = new Set<string>();
  await eachLine(file, dropped, (value) => {
    const record = parseJournalLine(value);
    if (!record) return false;
    if (!seen.has(record.id)) audits.push(record); // the first line for an id wins, as in the server's index
    seen.add(record.id);
    return true;
  });
  return audits;
}

/** Prompt puts and deletes replayed: each prompt, with when it was deleted. */
async function readPrompts(file: string, dropped: Record<string, number>): Promise<SourcePrompt[]> {
  const prompts = new Map<string, SourcePrompt>();
  await eachLine(file, dropped, (value) => {
    const line = parsePromptLine(value);
    if (!line) return false;
    if (line.op === 'put') {
      const known = prompts.get(line.prompt.id);
      if (!known || known.deleted_at !== null) prompts.set(line.prompt.id, { prompt: line.prompt, deleted_at: null });
    } else {
      const known = prompts.get(line.id);
      if (known && known.deleted_at === null && known.prompt.account_id === line.account_id) known.deleted_at = line.deleted_at;
    }
    return true;
  });
  return [...prompts.values()];
}

async function readRows(file: string, dropped: Record<string, number>): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  await eachLine(file, dropped, (value, offset) => {
    const row = parseResultLine(value);
    if (row) rows.push({ offset, row });
    return row !== null;
  });
  return rows;
}

async function readChecks(file: string, dropped: Record<string, number>): Promise<StoredCheck[]> {
  const checks = new Map<string, StoredCheck>();
  await eachLine(file, dropped, (value) => {
    const check = parseCheckLine(value);
    if (check) checks.set(check.id, check); // a new line per change: the last is the state
    return check !== null;
  });
  return [...checks.values()];
}

/** A row's runs from runs.blob ([] when stored without); null when its bytes cannot be read back. */
async function readRuns(runs: FileHandle | null, row: StoredCitationRow): Promise<RunRecord[] | null> {
  if (!row.runs_at) return [];
  const [offset, length] = row.runs_at;
  if (!runs) return null;
  try {
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await runs.read(bytes, 0, length, offset);
    if (bytesRead !== length) return null;
    return JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as RunRecord[];
  } catch {
    return null;
  }
}
