/**
 * The first API key could be lost. `npm start` on a busy port created the account and
 * its key, then failed with EADDRINUSE before printing it; the next start printed none, the data directory
 * being no longer empty. Now nothing is created until the port is bound: the second server on a port says
 * clearly that the port is busy, exits non-zero and leaves no account, and the next start prints the key.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/services/free-port.js';
import { BUILT_SERVER, ROOT, startServerProcess } from '../../helpers/server-process.js';

/** The built server run to its end: its exit code and what it wrote. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [BUILT_SERVER], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    proc.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a start on a busy port', () => {
  const dirs: string[] = [];
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
  });
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('says the port is busy, exits 1 and creates nothing; once the port is free the next start prints the first key', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'citable-port-'));
    dirs.push(base);
    const port = String(await freePort());
    const first = await startServerProcess({ env: { DATA_DIR: path.join(base, 'first'), PORT: port } });
    const secondDir = path.join(base, 'second');
    try {
      const second = await runToExit({ DATA_DIR: secondDir, PORT: port, LOG_LEVEL: 'info' });
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `citable server: port ${port} on 127.0.0.1 is already in use (another Citable server, or another program, listens there). ` +
          'Stop it, or choose another port: PORT=8788 npm start\n',
      );
      expect(second.stdout).not.toMatch(/cit_[0-9A-Za-z]{32}/);
      // Nothing was created: no data directory, so no account and no key to lose.
      expect(existsSync(secondDir)).toBe(false);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const third = await startServerProcess({ env: { DATA_DIR: secondDir, PORT: port } });
    try {
      expect(third.firstKey).toMatch(/^cit_[0-9A-Za-z]{32}$/);
      expect(third.banner.join('\n')).toContain('created the account "Default"');
      expect(await readdir(secondDir)).toContain('accounts.json');
    } finally {
      await third.stop();
    }
  });
});
