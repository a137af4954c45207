/**
 * Crash safety of webhooks and monitors, against the built server on the embedded store:
 *  - pending webhook deliveries survive SIGKILL: audits are synced while the receiver hangs (deliveries
 *    stored, attempts in flight), the server is killed at a random moment, restarted, and every event of
 *    every acknowledged audit reaches the receiver, with one event id per audit however often it was sent;
 *  - a monitor due while the server is down runs once after the restart (one catch-up run), and a run the
 *    kill interrupted runs again, once.
 * Kill moments come from a seeded generator (STRESS_SEED replays a run).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LowdbStore } from '../../server/store/lowdb/store.js';
import { SharedJsonDoc } from '../../server/store/lowdb/infra/shared-json-doc.js';
import type { Audit } from '../../shared/types/audit.js';
import { until } from '../helpers/until.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { SAMPLE_PAGE } from '../server/helpers/fake-fetcher.js';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver.js';
import { webhook } from '../server/store/contracts/webhooks.js';
import { createAccounts, type TestAccount } from './helpers/accounts.js';
import { report, seededRandom, sized, stressSeed } from './helpers/mode.js';

const CYCLES = sized(2, 10);
const SYNCS_PER_CYCLE = sized(100, 400);
const seed = stressSeed();
const random = seededRandom(seed);

describe('webhooks and monitors across SIGKILL', () => {
  let dataDir: string;
  let account: TestAccount;
  let receiver: Receiver;
  let site: FixtureSite;
  let pageDelayMs = 0;
  let server: ServerProcess | null = null;
  const env = () => ({ DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1', MONITOR_TICK: '200ms', LOG_LEVEL: 'info' });
  const start = async () => (server = await startServerProcess({ bundle: inject('stressServerBundle'), env: env() }));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-webhook-crash-'));
    account = (await createAccounts(dataDir, 1))[0]!;
    receiver = await startReceiver();
    site = await startFixtureSite({
      '/': async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, pageDelayMs));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(SAMPLE_PAGE);
      },
    });
    const store = await LowdbStore.open(dataDir);
    await (await store.webhooks()).createWebhook({ ...webhook(account.accountId, ['audit.completed']), url: receiver.url }, 20);
    await store.close();
  });
  afterAll(async () => {
    await server?.kill();
    await Promise.all([receiver.close(), site.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${server!.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${account.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
  };

  it("pending deliveries survive SIGKILL: every acknowledged audit's event arrives, always under one event id", async () => {
    const acknowledged = new Set<string>();
    const figures: string[] = [];
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      receiver.behave(() => ({ kind: 'hang' })); // attempts stay in flight until the kill
      await start();
      const killAfterMs = 500 + Math.floor(random() * 2_500);
      let stop = false;
      let firstAck: () => void = () => undefined;
      const warm = new Promise<void>((resolve) => (firstAck = resolve));
      const writer = async (w: number) => {
        for (let i = 0; i < SYNCS_PER_CYCLE && !stop; i++) {
          const url = `https://shop.example/${cycle}/${w}/${i}`;
          const audit: Audit = { ...extensionAudit(randomUUID()), url, final_url: url };
          const res = await call('PUT', `/api/v1/audits/${audit.id}`, { audit }).catch(() => null);
          if (res?.status === 201) {
            acknowledged.add(audit.id);
            firstAck();
          }
        }
      };
      const writers = Promise.all([writer(1), writer(2)]);
      await warm; // the kill lands a random time after the server took its first audit of the cycle
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      const hanging = receiver.requests.length;
      await server!.kill();
      stop = true;
      await writers;
      figures.push(
        `cycle ${cycle}: killed after ${killAfterMs} ms, ${acknowledged.size} audits acknowledged so far, ${hanging} attempts hanging at the kill`,
      );
    }

    receiver.behave(() => ({ kind: 'status', status: 200 }));
    await start();
    const eventsByAudit = new Map<string, Set<string>>();
    await until('an event for every acknowledged audit', async () => {
      eventsByAudit.clear();
      for (const r of receiver.requests) {
        const body = JSON.parse(r.body) as { id: string; data: { audit: { id: string } } };
        const ids = eventsByAudit.get(body.data.audit.id) ?? new Set<string>();
        ids.add(body.id);
        eventsByAudit.set(body.data.audit.id, ids);
      }
      return [...acknowledged].every((id) => eventsByAudit.has(id)) ? true : undefined;
    });
    for (const id of acknowledged) expect(eventsByAudit.get(id)!.size).toBe(1);
    const resent = receiver.requests.length - eventsByAudit.size;
    report('webhook deliveries across SIGKILL', [
      `seed ${seed}`,
      ...figures,
      `${acknowledged.size} acknowledged audits, each event received (${resent} resends of an attempt cut by a kill, same event id)`,
    ]);
    await server!.stop();
    server = null;
  });

  it('a monitor due during a restart runs once; a run the kill interrupted runs again, once', async () => {
    await start();
    const created = await call('POST', '/api/v1/monitors', { url: `${site.url}/`, kind: 'audit', every: 'hour' });
    expect(created.status).toBe(201);
    const id = created.json.monitor.id as string;
    const runs = async () =>
      (await call('GET', `/api/v1/audits?url=${encodeURIComponent(`${site.url}/`)}&limit=100`)).json.audits.length as number;
    await until("the monitor's first run", async () => ((await runs()) === 1 ? true : undefined));
    await server!.kill();

    // Down at its due time: brought due while no server runs (monitors.json, as the CLI edits it).
    const edit = async (nextRunMs: number) => {
      const doc = await SharedJsonDoc.open<{ monitors: Array<{ id: string; next_run_ms: number }> }>(
        path.join(dataDir, 'monitors.json'),
        () => ({ monitors: [] }),
      );
      await doc.mutate((data) => {
        data.monitors.find((m) => m.id === id)!.next_run_ms = nextRunMs;
      });
    };
    await edit(Date.now() - 3 * 3_600_000); // three due times missed
    await start();
    await until('the catch-up run after the downtime', async () => ((await runs()) === 2 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // five ticks more
    expect(await runs()).toBe(2);

    // Killed mid-run: the page answers slowly, the kill lands while the audit waits for it.
    pageDelayMs = 3_000;
    await call('POST', `/api/v1/monitors/${id}/run`);
    await until('the monitor run to be running', async () =>
      (await call('GET', '/api/v1/monitors')).json.monitors[0].running ? true : undefined,
    );
    await server!.kill();
    pageDelayMs = 0;
    await start();
    expect(await runs()).toBe(2);
    await until('the run cut by the kill to run again', async () => ((await runs()) === 3 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await runs()).toBe(3);
    const [monitor] = (await call('GET', '/api/v1/monitors')).json.monitors;
    expect(monitor).toMatchObject({ running: false, last_error: null });
    report('a monitor across restarts', [
      'due during the downtime (3 due times missed): 1 catch-up run',
      'killed mid-run: run again after the restart, once',
    ]);
    await server!.stop();
    server = null;
  });
});
