/**
 * The built server as a process: first start on an empty data directory, restarts (graceful and after
 * a crash) keep every acknowledged audit, SIGTERM lets a running audit finish.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plantUnindexedAuditFile } from '../../helpers/audit-file-layout.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { extensionAudit } from '../helpers/extension-audit.js';
import { SAMPLE_PAGE } from '../helpers/fake-fetcher.js';
import { startServerProcess } from '../../helpers/server-process.js';

const KEY = /cit_[0-9A-Za-z]{32}/;

async function call(base: string, key: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as any };
}

async function allFileText(dir: string): Promise<string> {
  let text = '';
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) text += await readFile(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return text;
}

let dataDir: string;
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '../../..') });
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-proc-'));
});

describe('first start', () => {
  it('creates one Agency account, prints its key once, never stores or logs it; a restart prints nothing new', async () => {
    const first = await startServerProcess({ env: { DATA_DIR: dataDir } });
    const banner = first.stdout.filter((l) => !l.startsWith('{')).join('\n');
    const key = KEY.exec(banner)?.[0];
    expect(key).toBeDefined();
    expect(banner).toContain('Agency plan');
    // DATA_DIR is not ./data: the command for more keys names it, so it reaches this server's store.
    expect(banner).toContain(`More keys: DATA_DIR=${dataDir} npx citable keys create --account acct_`);
    expect((await call(first.url, key!, 'GET', '/api/v1/audits')).status).toBe(200);
    first.proc.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    const logs = first.stdout.filter((l) => l.startsWith('{')).join('\n');
    expect(logs).not.toContain(key!);
    expect(await allFileText(dataDir)).not.toContain(key!);

    const second = await startServerProcess({ env: { DATA_DIR: dataDir } });
    expect(second.stdout.join('\n')).not.toMatch(KEY);
    expect((await call(second.url, key!, 'GET', '/api/v1/audits')).status).toBe(200);
    second.proc.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a SIGTERM sent the moment "listening" is read gets the graceful stop: exit 0, lock released', async () => {
    const server = await startServerProcess({ env: { DATA_DIR: dataDir } });
    server.proc.kill('SIGTERM'); // no await in between: the signal may land right after the line is written
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same data directory', async () => {
    const first = await startServerProcess({ env: { DATA_DIR: dataDir } });
    await expect(startServerProcess({ env: { DATA_DIR: dataDir } })).rejects.toThrow(/another Citable server/);
    first.proc.kill('SIGTERM');
    await first.exited;
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('restarts keep every acknowledged audit', () => {
  it('after a crash (SIGKILL) in the middle of a stream of writes', async () => {
    const server = await startServerProcess({ env: { DATA_DIR: dataDir } });
    const key = KEY.exec(server.stdout.join('\n'))![0];
    const acknowledged: Array<{ id: string; score: number }> = [];
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const audit = extensionAudit();
        try {
          const res = await call(server.url, key, 'PUT', `/api/v1/audits/${audit.id}`, { audit });
          if (res.status === 201) acknowledged.push({ id: audit.id, score: audit.score });
          else if (res.status === 429) return;
        } catch {
          return; // the connection died with the server: this one was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    server.proc.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    await server.exited;

    const restarted = await startServerProcess({ env: { DATA_DIR: dataDir } });
    for (const { id, score } of acknowledged) {
      const res = await call(restarted.url, key, 'GET', `/api/v1/audits/${id}`);
      expect(res.status).toBe(200);
      expect(res.json.audit.score).toBe(score);
    }
    const listed = await call(restarted.url, key, 'GET', '/api/v1/audits?limit=100');
    const ids = new Set(listed.json.audits.map((a: { id: string }) => a.id));
    for (const { id } of acknowledged) expect(ids.has(id)).toBe(true);
    restarted.proc.kill('SIGTERM');
    expect((await restarted.exited).code).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('what a crash leaves behind', () => {
  const SWEPT = 'after a crash: removed audit files without a journal line (puts the crash cut short, never acknowledged)';

  it('a start after a crash removes audit files without a journal line and keeps every acknowledged audit; a clean restart lists nothing', async () => {
    const server = await startServerProcess({ env: { DATA_DIR: dataDir } });
    const key = KEY.exec(server.stdout.join('\n'))![0];
    const stored = extensionAudit();
    expect((await call(server.url, key, 'PUT', `/api/v1/audits/${stored.id}`, { audit: stored })).status).toBe(201);
    server.proc.kill('SIGKILL');
    await server.exited;
    const leftover = await plantUnindexedAuditFile(dataDir);

    const afterCrash = await startServerProcess({ env: { DATA_DIR: dataDir } });
    expect(afterCrash.logLines(SWEPT)).toEqual([expect.objectContaining({ level: 'info', count: 1 })]);
    expect(existsSync(leftover)).toBe(false);
    const read = await call(afterCrash.url, key, 'GET', `/api/v1/audits/${stored.id}`);
    expect(read.status).toBe(200);
    expect(read.json.audit).toEqual(stored);
    afterCrash.proc.kill('SIGTERM');
    expect((await afterCrash.exited).code).toBe(0);

    // A clean stop leaves no stale lock, so the next start does not list the audit files at all.
    const untouched = await plantUnindexedAuditFile(dataDir);
    const clean = await startServerProcess({ env: { DATA_DIR: dataDir } });
    expect(clean.logLines(SWEPT)).toEqual([]);
    expect(existsSync(untouched)).toBe(true);
    clean.proc.kill('SIGTERM');
    expect((await clean.exited).code).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('graceful shutdown (SIGTERM)', () => {
  let site: FixtureSite;
  let pageRequested: () => void;
  let pageDelayMs = 1500;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/': async (_req, res) => {
        pageRequested?.();
        await new Promise((resolve) => setTimeout(resolve, pageDelayMs));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(SAMPLE_PAGE);
      },
    });
  });
  afterAll(() => site.close());

  it('lets an audit in flight finish and persist, then exits 0', async () => {
    pageDelayMs = 1500;
    const server = await startServerProcess({ env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' } });
    const key = KEY.exec(server.stdout.join('\n'))![0];
    const requested = new Promise<void>((resolve) => (pageRequested = resolve));
    const post = call(server.url, key, 'POST', '/api/v1/audits', { url: `${site.url}/` });
    await requested;
    server.proc.kill('SIGTERM');
    const res = await post;
    expect(res.status).toBe(201);
    expect((await server.exited).code).toBe(0);
    expect(server.logLines('stopped')).toHaveLength(1);

    const restarted = await startServerProcess({ env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' } });
    const read = await call(restarted.url, key, 'GET', `/api/v1/audits/${res.json.audit.id}`);
    expect(read.status).toBe(200);
    expect(read.json.audit.final_url).toBe(`${site.url}/`);
    restarted.proc.kill('SIGTERM');
    await restarted.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('past the grace period, cancels the audit cleanly (503) and still exits 0 with a readable store', async () => {
    pageDelayMs = 20_000;
    const server = await startServerProcess({ env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1', SHUTDOWN_GRACE_MS: '300' } });
    const key = KEY.exec(server.stdout.join('\n'))![0];
    const audit = extensionAudit();
    expect((await call(server.url, key, 'PUT', `/api/v1/audits/${audit.id}`, { audit })).status).toBe(201);
    const requested = new Promise<void>((resolve) => (pageRequested = resolve));
    const post = call(server.url, key, 'POST', '/api/v1/audits', { url: `${site.url}/` });
    await requested;
    server.proc.kill('SIGTERM');
    const res = await post;
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: expect.stringContaining('shutting down') });
    expect((await server.exited).code).toBe(0);

    const restarted = await startServerProcess({ env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' } });
    expect((await call(restarted.url, key, 'GET', `/api/v1/audits/${audit.id}`)).status).toBe(200);
    const list = await call(restarted.url, key, 'GET', '/api/v1/audits');
    expect(list.json.audits).toHaveLength(1);
    restarted.proc.kill('SIGTERM');
    await restarted.exited;
    await rm(dataDir, { recursive: true, force: true });
  });
});
