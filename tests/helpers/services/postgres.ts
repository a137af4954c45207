/**
 * A real PostgreSQL server for tests: a fresh data directory under the temp dir, listening on 127.0.0.1
 * on a free port (TCP only: no Unix socket), trust authentication for the superuser `citable`, stopped
 * and deleted afterwards. PostgreSQL refuses to run as root, so as root initdb and postgres run as the
 * `postgres` user (created by Debian's package; else `nobody`) through setpriv. One initdb per machine
 * and major version is kept as a template and copied, which is much faster than initdb each time.
 * Nothing here touches the Debian cluster or its service.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgres, type PostgresBinaries } from './binaries.js';
import { stopChild, track } from './child-processes.js';
import { freePort } from './free-port.js';

export interface PostgresServer {
  port: number;
  /** The server's maintenance database (`postgres`), as the superuser. */
  adminUrl: string;
  /** A new, empty database on this server; its URL. */
  createDatabase(prefix?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /**
   * fsync and full-page writes (default off: tests check the application's behaviour, and a killed API
   * process, not a killed database server; benchmarks pass true to measure real commits).
   */
  durable?: boolean;
  /**
   * Keep the data directory here (made from the template when it holds no cluster yet) and leave it on
   * stop: a benchmark seeds a large database once and reuses it.
   */
  keepDataDir?: string;
}

const SUPERUSER = 'citable';

interface RunAs {
  uid: number;
  gid: number;
}

/** As root: the unprivileged user postgres runs as. Otherwise null (run as ourselves). */
function runAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid };
    } catch {
      // try the next user
    }
  }
  throw new Error('running as root and neither the postgres nor the nobody user exists to run PostgreSQL as');
}

function command(user: RunAs | null, file: string, args: string[]): [string, string[]] {
  // setpriv execs the program (no extra process in between): the child's pid is the server's.
  return user ? ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', file, ...args]] : [file, args];
}

const ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' };

async function ownedDir(parent: string, prefix: string, user: RunAs | null): Promise<string> {
  const dir = await mkdtemp(path.join(parent, prefix));
  if (user) await chown(dir, user.uid, user.gid);
  return dir;
}

/** The initialised template data directory for this machine, made once (atomically: rename into place). */
async function template(bin: PostgresBinaries, user: RunAs | null): Promise<string> {
  const dir = path.join(os.tmpdir(), `citable-pg-template-${bin.version}-${user?.uid ?? process.getuid?.() ?? 'x'}`);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const work = await ownedDir(os.tmpdir(), 'citable-pg-initdb-', user);
  const data = path.join(work, 'data');
  const [file, args] = command(user, bin.initdb, ['-D', data, '-U', SUPERUSER, '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  execFileSync(file, args, { env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    await rename(data, dir);
  } catch (error) {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error; // another test process made it first: use theirs
  }
  await rm(work, { recursive: true, force: true });
  return dir;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = findPostgres();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const user = runAs();
  const source = await template(bin, user);
  const kept = options.keepDataDir;
  const root = kept ?? (await ownedDir(os.tmpdir(), 'citable-pg-', user));
  const data = path.join(root, 'data');
  const removeRoot = () => (kept ? Promise.resolve() : rm(root, { recursive: true, force: true }));
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    if (kept) {
      await mkdir(kept, { recursive: true });
      if (user) await chown(kept, user.uid, user.gid);
    }
    execFileSync('cp', ['-a', source, data]); // keeps the owner and the 0700 mode postgres insists on
    if (user) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, data]);
  }

  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=300',
    ...(options.durable ? [] : ['fsync=off', 'full_page_writes=off', 'synchronous_commit=off']),
  ];
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const [file, args] = command(user, bin.postgres, ['-D', data, '-p', String(port), ...settings.flatMap((s) => ['-c', s])]);
    const child = spawn(file, args, { env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    track(child);
    let log = '';
    const ready = await new Promise<boolean>((resolve) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('database system is ready to accept connections')) resolve(true);
      });
      child.once('exit', () => resolve(false));
    });
    if (!ready) {
      lastError = log;
      if (/could not bind|Address already in use/i.test(log)) continue; // the port was taken meanwhile
      break;
    }
    child.stderr!.resume();
    const adminUrl = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
    return {
      port,
      adminUrl,
      async createDatabase(prefix = 'citable_test') {
        const name = `${prefix}_${randomBytes(6).toString('hex')}`;
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return `postgres://${SUPERUSER}@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        await stopChild(child, 'SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
        await removeRoot();
      },
    };
  }
  await removeRoot();
  throw new Error(`PostgreSQL did not start:\n${lastError}`);
}
