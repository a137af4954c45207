/**
 * Account deletion and retention for the embedded traffic store (DATA_DIR/traffic/traffic.journal): the journal
 * is rewritten without the account's lines, or with each chunk's days before the cut taken out. The count is of
 * daily rollups (a project and a UTC day), as PostgreSQL counts its traffic_days rows. The store is closed while
 * this runs (LowdbStore's maintenance gate) and rebuilds its state from the rewritten file when it reopens.
 */
import path from 'node:path';
import { eachLine, stageRewrite } from './infra/rewrite-lines.js';
import { parseTrafficLine } from './traffic.js';

const journalOf = (dataDir: string) => path.join(dataDir, 'traffic', 'traffic.journal');

/** Counts (apply false) or removes (apply true) the account's ingests and rollups; returns the rollups. */
export async function removeAccountTraffic(dataDir: string, accountId: string, apply: boolean): Promise<number> {
  const file = journalOf(dataDir);
  const projects = new Set<string>();
  const ingests = new Set<string>();
  await eachLine(file, (value) => {
    const line = parseTrafficLine(value);
    if (line?.t === 'ingest' && line.ingest.account_id === accountId) {
      projects.add(line.ingest.project_id);
      ingests.add(line.ingest.id);
    }
  });
  const days = new Set<string>();
  const staged = await stageRewrite(file, (value) => {
    const line = parseTrafficLine(value);
    if (!line) return 'keep';
    if (line.t === 'ingest') return ingests.has(line.ingest.id) ? 'drop' : 'keep';
    if (line.t === 'status') return ingests.has(line.id) ? 'drop' : 'keep';
    if (line.t === 'delete') return projects.has(line.project_id) ? 'drop' : 'keep';
    if (!projects.has(line.chunk.project_id)) return 'keep';
    for (const day of line.chunk.days) days.add(`${line.chunk.project_id} ${day.date}`);
    return 'drop';
  });
  await (apply ? staged.commit() : staged.abandon());
  return days.size;
}

/** Takes the days before `beforeMs` (UTC) out of every chunk; returns the daily rollups removed. */
export async function expireTrafficDays(dataDir: string, beforeMs: number): Promise<number> {
  const cut = new Date(beforeMs).toISOString().slice(0, 10);
  const removed = new Set<string>();
  const staged = await stageRewrite(journalOf(dataDir), (value) => {
    const line = parseTrafficLine(value);
    if (line?.t !== 'chunk' || !line.chunk.days.some((d) => d.date < cut)) return 'keep';
    for (const day of line.chunk.days) if (day.date < cut) removed.add(`${line.chunk.project_id} ${day.date}`);
    // The chunk stays (its cursor keeps a resumed upload from counting it again), without the expired days.
    return { ...line, chunk: { ...line.chunk, days: line.chunk.days.filter((d) => d.date >= cut) } };
  });
  await staged.commit();
  return removed.size;
}
