/**
 * Where the PostgreSQL and Redis server binaries are (Debian's packages: postgresql, redis-server), and
 * the rule for tests that need them: absent outside CI, the test skips with a loud message; absent in
 * CI (env CI set: .ci/run installs both), the test fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  version: string;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

let postgresCache: PostgresBinaries | null | undefined;

/** initdb and postgres: Debian keeps them in /usr/lib/postgresql/<major>/bin (newest wins), else PATH. */
export function findPostgres(): PostgresBinaries | null {
  if (postgresCache !== undefined) return postgresCache;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) => /^\d+$/.test(v) && existsSync(path.join(root, v, 'bin', 'postgres')) && existsSync(path.join(root, v, 'bin', 'initdb')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0]) {
    const bin = path.join(root, majors[0], 'bin');
    postgresCache = { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres'), version: majors[0] };
  } else {
    const initdb = onPath('initdb');
    const postgres = onPath('postgres');
    postgresCache = initdb && postgres ? { initdb, postgres, version: versionOf(postgres) } : null;
  }
  return postgresCache;
}

function versionOf(postgres: string): string {
  try {
    return /(\d+)/.exec(execFileSync(postgres, ['--version'], { encoding: 'utf8' }))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function findRedis(): string | null {
  return existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : onPath('redis-server');
}

const INSTALL = 'apt-get install -y postgresql redis-server';
const warned = new Set<string>();

/**
 * True when the services are there. Absent outside CI: false, after a loud message (once per process and
 * service). Absent in CI: throws, so the test file fails instead of passing without testing anything.
 */
export function servicesAvailable(...needed: Array<'postgres' | 'redis'>): boolean {
  return serviceGate(
    needed.filter((s) => (s === 'postgres' ? findPostgres() === null : findRedis() === null)),
    process.env,
    (text) => console.warn(text),
  );
}

/** The rule itself, given what is missing (tested in tests/scale/services-gate.test.ts). */
export function serviceGate(missing: Array<'postgres' | 'redis'>, env: NodeJS.ProcessEnv, warn: (text: string) => void): boolean {
  if (missing.length === 0) return true;
  const what = missing.map((s) => (s === 'postgres' ? 'PostgreSQL (initdb, postgres)' : 'Redis (redis-server)')).join(' and ');
  if (env.CI) {
    throw new Error(`${what} not installed, and CI is set: these tests must run in CI (.ci/run installs them: ${INSTALL})`);
  }
  const key = missing.join('+');
  if (!warned.has(key)) {
    warned.add(key);
    const line = '!'.repeat(100);
    warn(
      `\n${line}\n!!! SKIPPING tests that need ${what}: not installed on this machine.\n!!! Install with: ${INSTALL}\n!!! (In CI, with CI set, this is a failure.)\n${line}\n`,
    );
  }
  return false;
}
