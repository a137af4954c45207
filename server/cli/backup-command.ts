import os from 'node:os';
import { readStoreSettings } from '../settings/store-settings.js';
import { backupDataDir } from '../backup/backup.js';
import { restoreDataDir, RestoreRefused } from '../backup/restore.js';
import type { CliIo } from './io.js';
import { startCommand } from './command-args.js';

const USAGE = 'Usage: citable backup --out FILE';
const HELP = `${USAGE}

A consistent snapshot of the embedded store in DATA_DIR (default ./data), taken while the server runs and
serves writes: a tar archive (gzip-compressed when FILE ends in .gz or .tgz) with a manifest of every file's
size and SHA-256. \`citable restore FILE\` puts it back. With DATABASE_URL the data is in PostgreSQL: back it
up with pg_dump -Fc (docs/operations.md#backups). It runs at a lower CPU priority (nice 10 on Linux), like the
server's audit threads, so the API it shares the machine with is served first.
`;

/** `citable backup`: server/backup/backup.ts. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'backup', usage: USAGE, help: HELP, options: { out: { type: 'string' } } }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length > 0) return fail(`unexpected ${positionals.join(' ')}. ${USAGE}`);
  if (!values.out) return fail(`--out is required. ${USAGE}`);
  const settings = readStoreSettings(io.env);
  if (settings.databaseUrl)
    return fail('DATABASE_URL is set: the data is in PostgreSQL; back it up with pg_dump -Fc (docs/operations.md#backups)');
  // Background work: the API sharing the machine comes first (as with the audit threads); only this thread.
  if (process.platform === 'linux') os.setPriority(0, Math.max(os.getPriority(0), 10));
  const started = performance.now();
  try {
    const result = await backupDataDir(settings.dataDir, values.out, { gzip: /\.(t?gz)$/i.test(values.out) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.stdout.write(
      `Backed up ${settings.dataDir} to ${result.file}: ${result.files} files, ${result.audits} audits, ${result.bytes} bytes before compression, in ${seconds} s.\n`,
    );
    return 0;
  } catch (error) {
    io.stderr.write(`citable backup: ${(error as Error).message}\n`);
    return 1;
  }
}

/** `citable restore`: the same module's other half, registered under its own name (restore-command.ts). */
export async function runRestore(args: string[], io: CliIo): Promise<number> {
  const usage = 'Usage: citable restore FILE [--replace]';
  const help = `${usage}

Puts a backup made by \`citable backup\` back into DATA_DIR (default ./data). Refuses while a server runs on
DATA_DIR, and refuses a damaged or truncated file, saying why; nothing is changed then. DATA_DIR must be new
or empty, unless --replace: the directory there is then renamed DATA_DIR.before-restore-<time>, never deleted.
`;
  const start = startCommand({ name: 'restore', usage, help, options: { replace: { type: 'boolean' } } }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length !== 1) return fail(`name one backup file. ${usage}`);
  const settings = readStoreSettings(io.env);
  if (settings.databaseUrl) return fail('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md#backups)');
  try {
    const result = await restoreDataDir(positionals[0]!, settings.dataDir, { replace: values.replace === true });
    io.stdout.write(
      `Restored ${result.files} files of the backup taken ${result.createdAt} into ${settings.dataDir}.` +
        (result.movedAside ? ` The data that was there is in ${result.movedAside}.` : '') +
        '\n',
    );
    return 0;
  } catch (error) {
    io.stderr.write(`citable restore: ${error instanceof RestoreRefused ? 'refused: ' : ''}${(error as Error).message}\n`);
    return 1;
  }
}
