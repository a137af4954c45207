/**
 * Reading one ingest to its end, wherever it runs (the server's background line, a `citable worker` job): the
 * chunks counted while it was received are committed, else its spool file is read from its cursor
 * (./ingest-runner.ts). Then it is `done` and its spool file removed; a failure is recorded on it, never thrown.
 * Two cases are thrown, for the caller: IngestStopped (a shutdown: it resumes from its cursor) and CursorMoved
 * (another process read that chunk: it owns the ingest now).
 */
import { access, rm } from 'node:fs/promises';
import type { Logger } from '../logging/logger.js';
import type { StoredIngest, TrafficStore } from '../store/contracts/traffic.js';
import type { SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';
import { commitCut, CursorMoved, IngestStopped, runIngest, type IngestRun } from './ingest-runner.js';
import { mergeChunkParts } from './chunk-parts.js';
import { spoolFileOf } from './spool-upload.js';
import type { HeldChunk } from './upload-parse.js';

export interface ReadIngestOptions {
  traffic: () => Promise<TrafficStore>;
  spoolDir: string;
  now: () => Date;
  logger: Logger;
  chunkBytes?: number;
  ranges?: () => Promise<readonly SnapshotSource[]>;
  onChunk?: (ingest: StoredIngest, parts: Parameters<NonNullable<IngestRun['onChunk']>>[0]) => Promise<void> | void;
}

/**
 * Log bytes of the chunks counted while an upload arrived committed at once: one commit instead of one per
 * chunk (a commit merges its days into nine blocks each, in PostgreSQL a transaction of reads and writes).
 */
export const HELD_COMMIT_BYTES = 1024 ** 3;

/** Commits the chunks counted while the upload was received, merged up to HELD_COMMIT_BYTES, stopping between two when asked. */
async function commitHeld(run: IngestRun, ingest: StoredIngest, held: HeldChunk[]): Promise<void> {
  const groups: HeldChunk[][] = [];
  for (const chunk of held) {
    const group = groups[groups.length - 1];
    if (group && chunk.to - group[0]!.from <= HELD_COMMIT_BYTES) group.push(chunk);
    else groups.push([chunk]);
  }
  for (const [i, group] of groups.entries()) {
    const parts = mergeChunkParts(group.map((c) => c.parts));
    await commitCut(run, ingest, group[0]!.from, group[group.length - 1]!.to, parts);
    if (run.stopping?.() && i < groups.length - 1) throw new IngestStopped(ingest.id);
  }
}

/** Reads one ingest from its stored cursor to its end; `held`: the chunks counted while it was received. */
export async function readIngest(
  options: ReadIngestOptions,
  queuedIngest: StoredIngest,
  stopping: () => boolean,
  held: HeldChunk[] | null = null,
): Promise<void> {
  const traffic = await options.traffic();
  const ingest = (await traffic.getIngest(queuedIngest.project_id, queuedIngest.id)) ?? queuedIngest; // its cursor now
  if (ingest.status === 'done') return;
  const file = spoolFileOf(options.spoolDir, ingest.project_id, ingest.sha256);
  const at = () => options.now().toISOString();
  try {
    await access(file);
  } catch {
    await traffic.setIngestStatus(ingest.id, 'failed', 'the uploaded file is no longer on this server: upload it again', at());
    return;
  }
  try {
    await traffic.setIngestStatus(ingest.id, 'ingesting', null, at());
    const run: IngestRun = {
      traffic,
      now: options.now,
      chunkBytes: options.chunkBytes,
      onChunk: (parts) => options.onChunk?.(ingest, parts),
      stopping,
    };
    if (held && ingest.offset === 0) await commitHeld(run, ingest, held);
    else await runIngest({ ...run, ...(options.ranges ? { ranges: await options.ranges() } : {}) }, ingest, file);
    await traffic.setIngestStatus(ingest.id, 'done', null, at());
    await rm(file, { force: true });
  } catch (error) {
    if (error instanceof IngestStopped) return options.logger.info('traffic: an ingest stopped at its cursor', { ingest: ingest.id });
    if (error instanceof CursorMoved) throw error;
    options.logger.error('traffic: an ingest failed', { ingest: ingest.id, error: String(error) });
    await traffic.setIngestStatus(ingest.id, 'failed', 'the log could not be read to its end; upload it again to resume', at());
  }
}
