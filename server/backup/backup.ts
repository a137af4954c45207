/**
 * `citable backup`: a consistent snapshot of the embedded store while the server serves writes
 * (docs/operations.md#backups). Nothing stops the server; the snapshot relies on how the store writes:
 *   - journals are append-only: a journal copied up to its last complete line is the state at that moment
 *     (a line being appended is left out whole, never torn);
 *   - the other files are replaced atomically (temp file, fsync, rename): a copy is one version or the other;
 *   - an audit's file is written before its journal line and never changes: the audits the copied journal
 *     names are all on disk;
 *   - files are copied so that whatever names a record is copied before that record's own file (crawls and
 *     shares before the audits they name, citation rows before their prompts, everything before accounts.json),
 *     so a record in the backup never points at one written after its file was copied.
 * The maintenance lock (lowdb/infra/maintenance-lock.ts) keeps the retention pass and account deletions,
 * the only writers that remove or rewrite files, away while it copies.
 */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AUDIT_ID } from '../audits/audit-id.js';
import { parseJournalLine } from '../store/lowdb/audits-lines.js';
import { parseCrawlRecordLine } from '../store/lowdb/crawls.js';
import { withMaintenanceLock } from '../store/lowdb/infra/maintenance-lock.js';
import { ArchiveWriter, MANIFEST_NAME } from './archive-writer.js';

export interface BackupResult {
  file: string;
  files: number;
  audits: number;
  bytes: number;
}

/** The order of the copy: what names a record before the record (see above); `*` marks the per-item steps. */
const ORDER = [
  'crawls/crawls.journal',
  '*crawl files',
  'reports/shares.journal',
  'monitors.json',
  'webhooks/outbox.journal',
  'webhooks/webhooks.json',
  'citations/results.journal',
  'citations/runs.blob',
  'citations/checks.journal',
  'citations/prompts.journal',
  'citations/projects.journal',
  'audits.journal',
  '*audit files',
  '*everything else',
  'accounts.json',
] as const;

/** Never copied: the running server's pid, lock files, temp files of durable writes. */
const skipped = (name: string) => name === 'server.pid' || name.endsWith('.lock') || name.startsWith('.') || name === MANIFEST_NAME;

class Snapshot {
  readonly done = new Set<string>();
  audits = 0;

  constructor(
    readonly dataDir: string,
    readonly archive: ArchiveWriter,
  ) {}

  /** Copies a file: whole, or (a journal) up to its last complete line. Returns the bytes copied when `keep`. */
  async copy(rel: string, keep = false): Promise<Buffer | null> {
    this.done.add(rel);
    const handle = await open(path.join(this.dataDir, rel), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const { size, mtimeMs } = await handle.stat();
      const length = rel.endsWith('.journal') ? await completeLines(handle, size) : size;
      await this.archive.addFrom(rel, handle, length, mtimeMs);
      if (!keep) return null;
      const bytes = Buffer.alloc(length);
      await handle.read(bytes, 0, length, 0);
      return bytes;
    } finally {
      await handle.close();
    }
  }

  /** A small file that never changes once written (an audit's): see ArchiveWriter.addSmallFile. */
  async copySmall(rel: string): Promise<void> {
    this.done.add(rel);
    await this.archive.addSmallFile(rel, path.join(this.dataDir, rel));
  }

  async crawlFiles(journal: Buffer | null): Promise<void> {
    const ids = new Set<string>();
    for (const value of lines(journal)) {
      const crawl = parseCrawlRecordLine(value);
      if (crawl && AUDIT_ID.test(crawl.id)) ids.add(crawl.id);
    }
    for (const id of ids) {
      await this.copy(`crawls/${id}.events`);
      await this.copy(`crawls/${id}.site.json`);
    }
  }

  async auditFiles(journal: Buffer | null): Promise<void> {
    const ids = new Set<string>();
    for (const value of lines(journal)) {
      const record = parseJournalLine(value);
      if (record && AUDIT_ID.test(record.id)) ids.add(record.id);
    }
    for (const id of ids) await this.copySmall(`audits/${id.slice(0, 2)}/${id}.json`);
    this.audits = ids.size;
  }

  /** Files of resources this list does not name (a newer version's), copied as they are; not audits/ or crawls/. */
  async rest(dir = ''): Promise<void> {
    for (const entry of await readdir(path.join(this.dataDir, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (skipped(entry.name) || this.done.has(rel) || rel === 'accounts.json') continue;
      if (entry.isDirectory() && rel !== 'audits' && rel !== 'crawls') await this.rest(rel);
      else if (entry.isFile()) await this.copy(rel);
    }
  }
}

/** Bytes up to and including the last newline within the first `size` bytes. */
async function completeLines(handle: Awaited<ReturnType<typeof open>>, size: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - chunk.length);
    const { bytesRead } = await handle.read(chunk, 0, end - start, start);
    const at = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (at !== -1) return start + at + 1;
    end = start;
  }
  return 0;
}

function* lines(bytes: Buffer | null): Generator<unknown> {
  if (!bytes) return;
  for (const line of bytes.toString('utf8').split('\n')) {
    if (!line) continue;
    try {
      yield JSON.parse(line);
    } catch {
      // a damaged line: the store skips it too
    }
  }
}

export async function backupDataDir(dataDir: string, out: string, options: { gzip: boolean; now?: () => Date }): Promise<BackupResult> {
  const found = await stat(path.join(dataDir, 'accounts.json')).catch(() => null);
  if (!found) throw new Error(`${dataDir} is not a Citable data directory (it has no accounts.json)`);
  const archive = await ArchiveWriter.create(out, options.gzip);
  try {
    const snapshot = new Snapshot(dataDir, archive);
    await withMaintenanceLock(dataDir, async () => {
      let crawls: Buffer | null = null;
      let audits: Buffer | null = null;
      for (const step of ORDER) {
        if (step === '*crawl files') await snapshot.crawlFiles(crawls);
        else if (step === '*audit files') await snapshot.auditFiles(audits);
        else if (step === '*everything else') await snapshot.rest();
        else if (step === 'crawls/crawls.journal') crawls = await snapshot.copy(step, true);
        else if (step === 'audits.journal') audits = await snapshot.copy(step, true);
        else await snapshot.copy(step);
      }
    });
    await archive.finish(options.now?.() ?? new Date());
    return { file: out, files: archive.files.length, audits: snapshot.audits, bytes: archive.bytes };
  } catch (error) {
    await archive.abandon();
    throw error;
  }
}
