import { access } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from '../store/lowdb/infra/data-dir-lock.js';
import { readStoreSettings } from '../settings/store-settings.js';
import { redactUrl } from '../util/redact-url.js';
import type { CliIo } from './io.js';
import type { CollectionReport } from '../store/migrate-lowdb/import.js';
import type { LowdbSource } from '../store/migrate-lowdb/read.js';
import { tableText } from './open-cli-store.js';
import { startCommand } from './command-args.js';

const USAGE = 'Usage: citable migrate --from lowdb --to postgres [--data-dir DIR] [--database-url URL] [--json]';
const HELP = `${USAGE}

Copies an embedded (lowdb) data directory into PostgreSQL: accounts, API keys (hashes only, with scope
and expiry), audits, site audits (crawls: record, rollup, site files, and every queued URL with its page
outcome; a crawl still running when the lowdb server stopped stays running and the PostgreSQL server
resumes it at its start, each page audited once), projects, prompts, the citation history (rows with their tallies and runs: answers,
URLs, searches), the citation rollups (rebuilt from the copied tallies), check records, report branding,
share links, monitors, webhooks (signing secrets included) and the webhook outbox (events and deliveries;
pending deliveries stay pending and are sent by PostgreSQL servers with the same event id), and AI crawler
traffic (log uploads with their cursors, daily rollups, fetched pages).
Stop the server on that data directory first. Safe to run again: records keep their ids and nothing is
copied twice. At the end every record is read back from PostgreSQL and compared by the SHA-256 of its
canonical JSON; exit 1 on any difference.

  --data-dir DIR       the lowdb data directory (default: DATA_DIR, else ./data)
  --database-url URL   the PostgreSQL database (default: DATABASE_URL); migrated to the current schema
  --json               the report as JSON
`;

const OPTIONS = {
  from: { type: 'string' },
  to: { type: 'string' },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** What to copy where, from the arguments and the environment. */
interface Migration {
  dataDir: string;
  url: string;
  json: boolean;
}

type Fail = (message: string) => number;

/** `citable migrate --from lowdb --to postgres`: one-way copy, verified. Exit 0 verified, 1 mismatch, 2 usage or input error. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'migrate', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length > 0) return fail(`unexpected ${positionals.join(' ')}. ${USAGE}`);
  if (values.from !== 'lowdb' || values.to !== 'postgres') return fail(`only --from lowdb --to postgres is supported. ${USAGE}`);
  const stored = readStoreSettings(io.env);
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : stored.dataDir;
  const url = values['database-url'] || stored.databaseUrl;
  if (!url) return fail(`--database-url (or DATABASE_URL) is required. ${USAGE}`);
  if (
    !(await access(dataDir).then(
      () => true,
      () => false,
    ))
  )
    return fail(`no data directory at ${dataDir}`);

  let unlock: () => Promise<void>;
  try {
    unlock = (await lockDataDir(dataDir)).release; // no server may write to it while it is copied
  } catch (error) {
    return fail((error as Error).message);
  }
  try {
    return await copyVerified({ dataDir, url, json: values.json === true }, io, fail);
  } finally {
    await unlock();
  }
}

/** Reads the data directory, copies it into PostgreSQL, reads every record back and reports. */
async function copyVerified({ dataDir, url, json }: Migration, io: CliIo, fail: Fail): Promise<number> {
  const [{ readLowdbSource }, { importLowdb }, { PostgresStore }] = await Promise.all([
    import('../store/migrate-lowdb/read.js'),
    import('../store/migrate-lowdb/import.js'),
    import('../store/postgres/store.js'),
  ]);
  let store: Awaited<ReturnType<typeof PostgresStore.open>> | null = null;
  let source: LowdbSource | null = null;
  try {
    try {
      source = await readLowdbSource(dataDir);
    } catch (error) {
      return fail(`cannot read ${dataDir}: ${(error as Error).message}`);
    }
    try {
      store = await PostgresStore.open(url, { poolSize: 4, applicationName: 'citable-migrate', cacheKeys: false });
    } catch (error) {
      return fail(`cannot open ${redactUrl(url)}: ${(error as Error).message}`);
    }
    if (!json) io.stdout.write(`citable migrate: lowdb ${dataDir} -> ${redactUrl(url)}\n`);
    const reports = await importLowdb(store.pool, source, (message) => {
      if (!json) io.stdout.write(`  ${message}\n`);
    });
    const ok = reports.every((r) => r.mismatches.length === 0);
    // Unfinished crawls are copied as they stand; the PostgreSQL server resumes them.
    const running = source.crawls.filter((c) => c.record.status === 'queued' || c.record.status === 'running').length;
    if (json) {
      io.stdout.write(
        `${JSON.stringify({ ok, data_dir: dataDir, database: redactUrl(url), dropped_lines: source.dropped, compacted_deliveries: source.collections.compactedDeliveries, resumable_crawls: running, collections: reports })}\n`,
      );
    } else writeReport(io, reports, source, running, ok);
    return ok ? 0 : 1;
  } finally {
    await source?.close();
    await store?.close();
  }
}

/** The report as text: a line per collection, notes on what was skipped or resumes, mismatches, the verdict. */
function writeReport(io: CliIo, reports: CollectionReport[], source: LowdbSource, running: number, ok: boolean): void {
  io.stdout.write(
    tableText([
      ['COLLECTION', 'SOURCE', 'COPIED NOW', 'VERIFIED', 'MISMATCHED', 'CHECKSUM (SHA-256 of the per-record SHA-256s)'],
      ...reports.map((r) => [
        r.collection,
        String(r.source),
        String(r.copied),
        String(r.verified),
        String(r.mismatches.length),
        r.sourceDigest === r.targetDigest
          ? `${r.sourceDigest} (source = PostgreSQL)`
          : `source ${r.sourceDigest} != PostgreSQL ${r.targetDigest}`,
      ]),
    ]),
  );
  for (const [file, count] of Object.entries(source.dropped))
    io.stdout.write(`note: ${file}: ${count} unreadable line(s) skipped (the server skips them too)\n`);
  if (source.collections.compactedDeliveries > 0) {
    io.stdout.write(
      `note: outbox.journal: ${source.collections.compactedDeliveries} finished or orphaned delivery(ies) not copied (past their retention or of a deleted webhook: the server drops them at start too)\n`,
    );
  }
  if (running > 0)
    io.stdout.write(
      `note: crawls: ${running} crawl(s) were queued or running when the lowdb server stopped: copied as they stand, the PostgreSQL server resumes them at its start\n`,
    );
  for (const r of reports) {
    if (r.mismatches.length > 0)
      io.stdout.write(
        `MISMATCH ${r.collection}: ${r.mismatches.slice(0, 10).join(', ')}${r.mismatches.length > 10 ? ` and ${r.mismatches.length - 10} more` : ''}\n`,
      );
  }
  io.stdout.write(
    ok
      ? 'OK: every record is in PostgreSQL with the same checksum. Start the server with DATABASE_URL set.\n'
      : 'FAILED: some records differ or are missing in PostgreSQL (see above); nothing was deleted on either side.\n',
  );
}
