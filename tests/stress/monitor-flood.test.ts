/**
 * One tenant's monitors never starve another's, against the built server on the embedded store:
 *  - a flood: several clients of one account create monitors and delete each once its run started (or after
 *    500 ms when it did not); the runs
 *    it starts stay within MONITOR_RUNS_PER_MINUTE per started minute (before: one audit per monitor created,
 *    1,700 in 60 s), and another account's new monitor still runs;
 *  - 30 slow monitors of one account (each page answers after SLOW_MS): another account's new monitor runs
 *    while they queue, instead of after them (before: 301 s).
 * Figures: the runs the flood started, and the other account's wait.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { until } from '../helpers/until.js';
import { SAMPLE_PAGE } from '../server/helpers/fake-fetcher.js';
import { createAccounts, type TestAccount } from './helpers/accounts.js';
import { report, sized } from './helpers/mode.js';

const BUDGET = 5;
const FLOOD_MS = sized(8_000, 30_000);
const FLOODERS = 4;
const SLOW_MONITORS = 30;
const SLOW_MS = 3_000;

interface Monitor {
  id: string;
  last_run_at: string | null;
  last_result_id: string | null;
  running: boolean;
}

describe('monitor runs under one tenant’s flood', () => {
  let dataDir: string;
  let accounts: TestAccount[];
  let site: FixtureSite;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-monitor-flood-'));
    accounts = await createAccounts(dataDir, 4);
    const page = { headers: { 'content-type': 'text/html; charset=utf-8' }, body: SAMPLE_PAGE };
    site = await startFixtureSite({
      '/': page,
      '/flood': page,
      '/slow': async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        res.writeHead(200, page.headers).end(page.body);
      },
    });
    server = await startServerProcess({
      bundle: inject('stressServerBundle'),
      env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1', MONITOR_TICK: '200ms', MONITOR_RUNS_PER_MINUTE: String(BUDGET) },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (key: string, method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${server.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
  };
  const monitors = async (key: string): Promise<Monitor[]> => (await call(key, 'GET', '/api/v1/monitors')).json.monitors;
  /** Creates a monitor for the account and resolves with how long it took to run (ms). */
  const waitForFirstRun = async (key: string, url: string): Promise<number> => {
    const started = Date.now();
    const { monitor } = (await call(key, 'POST', '/api/v1/monitors', { url, kind: 'audit', every: 'hour' })).json;
    await until(
      'the monitor to run',
      async () => ((await monitors(key)).find((m) => m.id === monitor.id)?.last_result_id ? true : undefined),
      { timeoutMs: 30_000, everyMs: 50 },
    );
    return Date.now() - started;
  };

  it('creating and deleting monitors in a loop starts at most the budget of runs a minute', async () => {
    const [flooder, other] = accounts;
    const startedAt = Date.now();
    let created = 0;
    const flood = async () => {
      while (Date.now() - startedAt < FLOOD_MS) {
        const res = await call(flooder!.key, 'POST', '/api/v1/monitors', { url: `${site.url}/flood`, kind: 'audit', every: 'hour' });
        if (res.status !== 201) continue; // the 100-monitor limit, when deletes lag
        created++;
        // Give its first run a chance to start (up to 500 ms), then delete it: what the flood is after is runs.
        const id = res.json.monitor.id as string;
        for (let polls = 0; polls < 10; polls++) {
          const mine = (await monitors(flooder!.key)).find((m) => m.id === id);
          if (mine?.running || mine?.last_run_at) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await call(flooder!.key, 'DELETE', `/api/v1/monitors/${id}`);
      }
    };
    await Promise.all(Array.from({ length: FLOODERS }, flood));
    const wait = await waitForFirstRun(other!.key, `${site.url}/`);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // runs the flood started finish
    const minutes = Math.floor((Date.now() - 1) / 60_000) - Math.floor(startedAt / 60_000) + 1;
    const audits = (await call(flooder!.key, 'GET', '/api/v1/audits?limit=100')).json.audits.length as number;
    report('monitor flood', [
      `${created} monitors created and deleted by ${FLOODERS} clients in ${FLOOD_MS / 1000} s`,
      `${audits} runs started (budget ${BUDGET} a minute, ${minutes} minute(s) spanned)`,
      `another account's new monitor ran after ${wait} ms`,
    ]);
    expect(created).toBeGreaterThan(2 * BUDGET); // so that the budget, not the pace, is what bounds the runs
    expect(audits).toBeLessThanOrEqual(BUDGET * minutes);
  }, 120_000);

  it("30 slow monitors of one account: another account's new monitor runs while they queue", async () => {
    const [, , slowAccount, other] = accounts;
    for (let i = 0; i < SLOW_MONITORS; i++) {
      const res = await call(slowAccount!.key, 'POST', '/api/v1/monitors', { url: `${site.url}/slow`, kind: 'audit', every: 'hour' });
      expect(res.status).toBe(201);
    }
    await until('a slow monitor to run', async () => ((await monitors(slowAccount!.key)).some((m) => m.running) ? true : undefined));
    const wait = await waitForFirstRun(other!.key, `${site.url}/`);
    const slowDone = (await monitors(slowAccount!.key)).filter((m) => m.last_run_at).length;
    report('slow monitors of one account', [
      `${SLOW_MONITORS} monitors whose page answers after ${SLOW_MS} ms`,
      `another account's new monitor ran after ${wait} ms, with ${slowDone} of the slow ones done`,
    ]);
    // Before: every slot went to the slow account's queue; the other monitor ran only after all of them.
    expect(slowDone).toBeLessThan(SLOW_MONITORS / 2);
  }, 120_000);
});
