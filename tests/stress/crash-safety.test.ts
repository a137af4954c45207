/**
 * Crash safety: the built server is killed with SIGKILL at random moments during a stream of
 * POST /audits and PUT /audits/{id}, then restarted on the same data directory, cycle after cycle.
 * After each restart:
 *  - the data directory is sound: accounts.json parses, every journal line parses (a torn last line is
 *    allowed and counted), no id has two lines, every line's audit file exists and holds that audit;
 *  - every audit ever acknowledged (a 2xx received) is served by GET, equal in canonical JSON to what
 *    was acknowledged, and listed exactly once in its account's pages;
 *  - a PUT that was in flight at the kill either stored the whole audit or nothing, and sending it
 *    again answers 201 (nothing was stored) or 200 (it was), never 409 or 5xx;
 *  - a PUT acknowledged before the kill answers 200 (identical) when sent again;
 *  - a POST whose answer the kill swallowed may have stored its audit: counted, and it must be intact;
 *  - audit files without a journal line (a put cut between its two writes) are counted after each kill
 *    and removed by the next start: none is left after the last one.
 * Kill delays, writer choices and page delays come from a seeded generator (STRESS_SEED replays a run).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { canonicalJson } from '../../server/audits/canonical-hash.js';
import type { Audit } from '../../shared/types/audit.js';
import { auditFileOf } from '../helpers/audit-file-layout.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { SAMPLE_PAGE } from '../server/helpers/fake-fetcher.js';
import { createAccounts, type TestAccount } from './helpers/accounts.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { report, seededRandom, sized, stressSeed } from './helpers/mode.js';

const CYCLES = sized(3, 20);
const ACCOUNTS = 8; // 10 POST and 120 PUT per minute each: 8 keep the writers busy for a whole cycle
const WRITERS = { post: 2, put: 3 };
const KILL_AFTER_MS = { min: 150, max: 1500 };

interface Acknowledged {
  account: number;
  kind: 'post' | 'put';
  canonical: string;
  /** The PUT body, to send again. */
  audit?: Audit;
}

interface CycleFigures {
  cycle: number;
  killAfterMs: number;
  ackPost: number;
  ackPut: number;
  /** Answers other than 201, by status (429: an account's limit for this server's life was used up). */
  refused: Record<number, number>;
  inFlightPost: number;
  inFlightPut: number;
  inFlightPutStored: number;
  postStoredWithoutAck: number;
  tornTail: boolean;
  orphanFiles: number;
  verified: number;
}

const seed = stressSeed();
const random = seededRandom(seed);
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

let dataDir: string;
let site: FixtureSite;
let accounts: TestAccount[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-crash-'));
  accounts = await createAccounts(dataDir, ACCOUNTS);
  // The audited page answers after 0-150 ms, so kills also land while audits run.
  site = await startFixtureSite({
    '/': async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 150)));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(SAMPLE_PAGE);
    },
  });
});
afterAll(async () => {
  await site?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function call(server: ServerProcess, key: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as any) : undefined };
}

/** Runs `fn` over items, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** The data directory as a crash left it, read without the server. */
async function inspectDataDir(): Promise<{ ids: Map<string, string>; tornTail: boolean; orphanFiles: number }> {
  JSON.parse(await readFile(path.join(dataDir, 'accounts.json'), 'utf8'));
  const journalFile = path.join(dataDir, 'audits.journal');
  const bytes = existsSync(journalFile) ? await readFile(journalFile, 'utf8') : '';
  const lines = bytes.split('\n');
  const tail = lines.pop()!; // after the last newline: empty, or a line a kill cut short
  const ids = new Map<string, string>(); // id -> account
  for (const line of lines) {
    const record = JSON.parse(line) as { id: string; account_id: string; hash: string };
    expect(ids.has(record.id), `journal holds ${record.id} twice`).toBe(false);
    ids.set(record.id, record.account_id);
    expect((JSON.parse(await readFile(auditFileOf(dataDir, record.id), 'utf8')) as Audit).id).toBe(record.id);
  }
  let files = 0;
  const auditsDir = path.join(dataDir, 'audits');
  if (existsSync(auditsDir)) {
    for (const shard of await readdir(auditsDir)) {
      if (shard.startsWith('.')) continue;
      for (const name of await readdir(path.join(auditsDir, shard))) {
        JSON.parse(await readFile(path.join(auditsDir, shard, name), 'utf8')); // a file is whole or absent (temp file + rename)
        files++;
      }
    }
  }
  return { ids, tornTail: tail.length > 0, orphanFiles: files - ids.size };
}

/** Every audit of an account through the list endpoint's pages. */
async function listAll(server: ServerProcess, key: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await call(server, key, 'GET', `/api/v1/audits?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    ids.push(...res.json.audits.map((a: { id: string }) => a.id));
    cursor = res.json.next_cursor;
  } while (cursor);
  return ids;
}

describe('crash safety', () => {
  it(`keeps every acknowledged audit through ${CYCLES} SIGKILLs during writes`, async () => {
    console.log(`crash safety: seed ${seed} (STRESS_SEED=${seed} replays it)`);
    const acked = new Map<string, Acknowledged>();
    const figures: CycleFigures[] = [];
    let base: Audit | null = null;
    let counter = 0;
    let pendingInFlight: Array<{ account: number; audit: Audit }> = [];
    let lastCycleAcked: string[] = [];

    const verify = async (server: ServerProcess, fig: CycleFigures | null) => {
      // Every acknowledged audit, intact.
      await eachLimited([...acked.entries()], 8, async ([id, a]) => {
        const res = await call(server, accounts[a.account]!.key, 'GET', `/api/v1/audits/${id}`);
        expect(res.status, `acknowledged audit ${id} (${a.kind}) after restart`).toBe(200);
        expect(canonicalJson(res.json.audit), `acknowledged audit ${id} (${a.kind}) content`).toBe(a.canonical);
      });
      // Each account's list: every acknowledged audit, no id twice.
      const listed = new Map<string, number>();
      for (const [i, account] of accounts.entries()) {
        const ids = await listAll(server, account.key);
        expect(new Set(ids).size, `account ${i} lists an audit twice`).toBe(ids.length);
        for (const id of ids) listed.set(id, i);
      }
      for (const [id, a] of acked) expect(listed.get(id), `acknowledged audit ${id} listed for its account`).toBe(a.account);
      // PUTs the kill caught in flight: all or nothing, and a resend settles them.
      for (const { account, audit } of pendingInFlight) {
        const key = accounts[account]!.key;
        const got = await call(server, key, 'GET', `/api/v1/audits/${audit.id}`);
        expect([200, 404]).toContain(got.status);
        if (got.status === 200) expect(canonicalJson(got.json.audit)).toBe(canonicalJson(audit));
        const resend = await call(server, key, 'PUT', `/api/v1/audits/${audit.id}`, { audit });
        expect(resend.status, `resent in-flight PUT ${audit.id}`).toBe(got.status === 200 ? 200 : 201);
        if (fig && got.status === 200) fig.inFlightPutStored++;
        acked.set(audit.id, { account, kind: 'put', canonical: canonicalJson(audit), audit });
        listed.set(audit.id, account);
      }
      pendingInFlight = [];
      // POSTs whose answer the kill swallowed: stored whole or not at all.
      for (const [id, account] of listed) {
        if (acked.has(id)) continue;
        const got = await call(server, accounts[account]!.key, 'GET', `/api/v1/audits/${id}`);
        expect(got.status).toBe(200);
        expect(got.json.audit).toMatchObject({ id, origin: 'server', status: 'complete' });
        acked.set(id, { account, kind: 'post', canonical: canonicalJson(got.json.audit) });
        if (fig) fig.postStoredWithoutAck++;
      }
      // PUTs acknowledged before the kill: the same audit again is 200.
      for (const id of lastCycleAcked.filter((x) => acked.get(x)?.kind === 'put').slice(0, 5)) {
        const a = acked.get(id)!;
        const again = await call(server, accounts[a.account]!.key, 'PUT', `/api/v1/audits/${id}`, { audit: a.audit });
        expect(again.status, `PUT of acknowledged ${id} sent again`).toBe(200);
      }
      if (fig) fig.verified = acked.size;
    };

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const server = await startServerProcess({
        bundle: inject('stressServerBundle'),
        env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' },
        keepRequestLog: false,
      });
      const fig = figures.at(-1) ?? null;
      await verify(server, fig);
      if (!base) {
        const first = await call(server, accounts[0]!.key, 'POST', '/api/v1/audits', { url: `${site.url}/` });
        expect(first.status).toBe(201);
        base = first.json.audit as Audit;
        acked.set(base.id, { account: 0, kind: 'post', canonical: canonicalJson(base) });
      }

      const current: CycleFigures = {
        cycle,
        killAfterMs: between(KILL_AFTER_MS.min, KILL_AFTER_MS.max),
        ackPost: 0,
        ackPut: 0,
        refused: {},
        inFlightPost: 0,
        inFlightPut: 0,
        inFlightPutStored: 0,
        postStoredWithoutAck: 0,
        tornTail: false,
        orphanFiles: 0,
        verified: 0,
      };
      const cycleAcked: string[] = [];
      const postBudget = accounts.map(() => 10);
      let killed = false;

      const postWriter = async () => {
        while (!killed) {
          const account = postBudget.findIndex((left) => left > 0);
          if (account < 0) return;
          postBudget[account]!--;
          try {
            const res = await call(server, accounts[account]!.key, 'POST', '/api/v1/audits', { url: `${site.url}/` });
            if (res.status === 201) {
              acked.set(res.json.audit.id, { account, kind: 'post', canonical: canonicalJson(res.json.audit) });
              cycleAcked.push(res.json.audit.id);
              current.ackPost++;
            } else current.refused[res.status] = (current.refused[res.status] ?? 0) + 1;
          } catch {
            current.inFlightPost++; // the kill cut the connection: unknown outcome
            return;
          }
        }
      };
      const putWriter = async () => {
        while (!killed) {
          const account = between(0, ACCOUNTS - 1);
          const audit: Audit = {
            ...base!,
            id: randomUUID(),
            origin: 'extension',
            url: `https://shop.example/p/${++counter}`,
            scanned_at: new Date().toISOString(),
          };
          try {
            const res = await call(server, accounts[account]!.key, 'PUT', `/api/v1/audits/${audit.id}`, { audit });
            if (res.status === 201) {
              acked.set(audit.id, { account, kind: 'put', canonical: canonicalJson(audit), audit });
              cycleAcked.push(audit.id);
              current.ackPut++;
            } else current.refused[res.status] = (current.refused[res.status] ?? 0) + 1;
          } catch {
            current.inFlightPut++;
            pendingInFlight.push({ account, audit });
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, between(0, 8)));
        }
      };
      const writers = [...Array.from({ length: WRITERS.post }, postWriter), ...Array.from({ length: WRITERS.put }, putWriter)];
      await new Promise((resolve) => setTimeout(resolve, current.killAfterMs));
      await server.kill();
      killed = true;
      await Promise.all(writers);

      const disk = await inspectDataDir();
      current.tornTail = disk.tornTail;
      current.orphanFiles = disk.orphanFiles;
      figures.push(current);
      lastCycleAcked = cycleAcked;
    }

    // The last restart: verify, then a clean stop.
    const last = await startServerProcess({
      bundle: inject('stressServerBundle'),
      env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' },
      keepRequestLog: false,
    });
    await verify(last, figures.at(-1)!);
    expect(await last.stop()).toBe(0);
    const disk = await inspectDataDir();
    expect(disk.tornTail).toBe(false);
    expect(disk.ids.size).toBe(acked.size);
    // The last start took over a crashed server's lock, so it removed the files cut-short puts left.
    expect(disk.orphanFiles, 'audit files without a journal line after the last start').toBe(0);

    for (const f of figures)
      expect(
        Object.keys(f.refused).filter((status) => status !== '429'),
        `cycle ${f.cycle}: refusals other than 429`,
      ).toEqual([]);
    const sum = (key: keyof CycleFigures) => figures.reduce((n, f) => n + Number(f[key]), 0);
    report(`crash safety: ${CYCLES} SIGKILL cycles, seed ${seed}`, [
      'cycle  kill@ms  acked POST/PUT  refused (status: n)  in flight POST/PUT  in-flight PUT stored  POST stored w/o ack  torn tail  orphan files  verified',
      ...figures.map(
        (f) =>
          `${String(f.cycle).padStart(5)}  ${String(f.killAfterMs).padStart(7)}  ${`${f.ackPost}/${f.ackPut}`.padStart(14)}  ${(
            Object.entries(f.refused)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ') || '-'
          ).padStart(
            19,
          )}  ${`${f.inFlightPost}/${f.inFlightPut}`.padStart(18)}  ${String(f.inFlightPutStored).padStart(20)}  ${String(f.postStoredWithoutAck).padStart(19)}  ${String(f.tornTail).padStart(9)}  ${String(f.orphanFiles).padStart(12)}  ${String(f.verified).padStart(8)}`,
      ),
      `acknowledged: ${sum('ackPost')} POST + ${sum('ackPut')} PUT (+1 first POST); in flight at a kill: ${sum('inFlightPost')} POST, ${sum('inFlightPut')} PUT ` +
        `(${sum('inFlightPutStored')} of those PUTs had been stored); POSTs stored without an answer: ${sum('postStoredWithoutAck')}`,
      `after the last restart: ${acked.size} audits, every one served intact and listed once; journal lines ${disk.ids.size}, duplicates 0; torn tails seen ${figures.filter((f) => f.tornTail).length}; ` +
        `audit files without a journal line: ${sum('orphanFiles')} left by the kills, each removed by the next start, ${disk.orphanFiles} now`,
    ]);
  });
});
