/**
 * Removing citation data from the embedded store, its files closed (the gate in store.ts): an account's
 * prompts, rows, checks and projects, and rows older than the retention period. A removed row's runs are
 * overwritten with zeros in runs.blob before its line leaves results.journal (the other rows' runs keep
 * their places; a row whose runs were zeroed reads as having none, so a crash in between is harmless and
 * the next pass removes the row). The rollups are rebuilt from the rows when the store reopens.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { StoredCheck } from '../contracts/citations.js';
import { parseCheckLine, parsePromptLine, parseResultLine } from './citations-lines.js';
import { parseProjectLine } from './projects.js';
import { stageRewrite, type StagedRewrite } from './infra/rewrite-lines.js';

export interface CitationRemoval {
  prompts: number;
  citation_rows: number;
  citation_checks: number;
  projects: number;
}

const file = (dataDir: string, name: string) => path.join(dataDir, 'citations', name);

/** The account's citation records: counted, and removed when `apply`. */
export async function removeAccountCitations(dataDir: string, accountId: string, apply: boolean): Promise<CitationRemoval> {
  const promptIds = new Set<string>();
  const prompts = await stageRewrite(file(dataDir, 'prompts.journal'), (value) => {
    const line = parsePromptLine(value);
    if (!line) return 'keep';
    const owner = line.op === 'put' ? line.prompt.account_id : line.account_id;
    if (owner !== accountId) return 'keep';
    promptIds.add(line.op === 'put' ? line.prompt.id : line.id);
    return 'drop';
  });
  const checkIds = new Set<string>();
  const checks = await stageRewrite(file(dataDir, 'checks.journal'), (value) => {
    const check = parseCheckLine(value);
    if (!check) return 'keep';
    if (check.account_id === accountId) {
      checkIds.add(check.id);
      return 'drop';
    }
    // The scheduler's checks cover every account: the account's pairs leave them.
    const pairs = check.pairs.filter((p) => !promptIds.has(p.prompt_id));
    return pairs.length === check.pairs.length ? 'keep' : { check: { ...check, pairs } satisfies StoredCheck };
  });
  const projectIds = new Set<string>();
  const projects = await stageRewrite(file(dataDir, 'projects.journal'), (value) => {
    const line = parseProjectLine(value);
    const owner = line?.op === 'put' ? line.project.account_id : line?.account_id;
    if (!line || owner !== accountId) return 'keep';
    projectIds.add(line.op === 'put' ? line.project.id : line.id);
    return 'drop';
  });
  const rows = await removeRows(dataDir, (row) => row.account_id === accountId, apply);
  await finish([prompts, checks, projects], apply);
  return { prompts: promptIds.size, citation_rows: rows, citation_checks: checkIds.size, projects: projectIds.size };
}

/** Rows checked before `beforeMs`, with their runs: removed. Returns how many. */
export function expireCitationRows(dataDir: string, beforeMs: number): Promise<number> {
  return removeRows(dataDir, (row) => Date.parse(row.checked_at) < beforeMs, true);
}

async function removeRows(
  dataDir: string,
  match: (row: { account_id: string; checked_at: string }) => boolean,
  apply: boolean,
): Promise<number> {
  const runs: Array<[number, number]> = [];
  let count = 0;
  const rows = await stageRewrite(file(dataDir, 'results.journal'), (value) => {
    const row = parseResultLine(value);
    if (!row || !match(row)) return 'keep';
    count++;
    if (row.runs_at) runs.push(row.runs_at);
    return 'drop';
  });
  if (apply) await zeroRuns(file(dataDir, 'runs.blob'), runs);
  await finish([rows], apply);
  return count;
}

async function finish(staged: StagedRewrite[], apply: boolean): Promise<void> {
  for (const s of staged) await (apply ? s.commit() : s.abandon());
}

/** Overwrites these records of runs.blob with zeros, durably. */
async function zeroRuns(blob: string, places: ReadonlyArray<[number, number]>): Promise<void> {
  if (places.length === 0) return;
  const handle = await open(blob, 'r+');
  try {
    for (const [offset, length] of places) await handle.write(Buffer.alloc(length), 0, length, offset);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
