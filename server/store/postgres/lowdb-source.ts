/**
 * Reads everything a lowdb data directory holds, without writing to it (`citable migrate`): accounts and
 * key hashes (accounts.json), audits (the journal's first line per id, as the server's index reads it,
 * plus each audit's file as stored bytes), prompts (replayed puts and deletes), every citation row in
 * journal order, and each check's latest state. Torn or unreadable lines are counted, as the server
 * drops them at start.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { withKeyDefaults, type Account, type ApiKeyRecord, type AuditRecord } from '../store.js';
import { parseJournalLine } from '../lowdb/journal-line.js';
import { parseCheckLine, parsePromptLine, parseResultLine } from '../citations-lines.js';
import type { StoredCheck, StoredCitationRow, StoredPrompt } from '../citations-store.js';

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
  /** The stored bytes of an audit. */
  auditJson(id: string): Promise<Buffer>;
}

export async function readLowdbSource(dataDir: string): Promise<LowdbSource> {
  const accountsFile = path.join(dataDir, 'accounts.json');
  const accountsData = (await exists(accountsFile))
    ? (JSON.parse(await readFile(accountsFile, 'utf8')) as { accounts?: Account[]; keys?: ApiKeyRecord[] })
    : {};
  const dropped: Record<string, number> = {};

  const audits: AuditRecord[] = [];
  const seen = new Set<string>();
  await eachLine(path.join(dataDir, 'audits.journal'), dropped, (value) => {
    const record = parseJournalLine(value);
    if (!record) return false;
    if (!seen.has(record.id)) audits.push(record); // the first line for an id wins, as in the server's index
    seen.add(record.id);
    return true;
  });

  const prompts = new Map<string, SourcePrompt>();
  await eachLine(path.join(dataDir, 'citations', 'prompts.journal'), dropped, (value) => {
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

  const rows: SourceRow[] = [];
  await eachLine(path.join(dataDir, 'citations', 'results.journal'), dropped, (value, offset) => {
    const row = parseResultLine(value);
    if (row) rows.push({ offset, row });
    return row !== null;
  });

  const checks = new Map<string, StoredCheck>();
  await eachLine(path.join(dataDir, 'citations', 'checks.journal'), dropped, (value) => {
    const check = parseCheckLine(value);
    if (check) checks.set(check.id, check); // a new line per change: the last is the state
    return check !== null;
  });

  return {
    accounts: accountsData.accounts ?? [],
    keys: (accountsData.keys ?? []).map(withKeyDefaults), // as the embedded store reads them
    audits,
    prompts: [...prompts.values()],
    rows,
    checks: [...checks.values()],
    dropped,
    auditJson: (id) => readFile(path.join(dataDir, 'audits', id.slice(0, 2), `${id}.json`)),
  };
}

/** Calls `take` with each complete line's JSON and byte offset; counts lines it refuses (or that do not parse). */
async function eachLine(file: string, dropped: Record<string, number>, take: (value: unknown, offset: number) => boolean): Promise<void> {
  if (!(await exists(file))) return;
  const name = path.basename(file);
  const bytes = await readFile(file);
  const complete = bytes.lastIndexOf(0x0a) + 1;
  if (complete < bytes.length) dropped[name] = (dropped[name] ?? 0) + 1; // a torn last line
  let start = 0;
  while (start < complete) {
    const end = bytes.indexOf(0x0a, start);
    if (end > start) {
      let ok: boolean;
      try {
        ok = take(JSON.parse(bytes.toString('utf8', start, end)), start);
      } catch {
        ok = false;
      }
      if (!ok) dropped[name] = (dropped[name] ?? 0) + 1;
    }
    start = end + 1;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

