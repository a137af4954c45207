/**
 * Extension sync under faults: the extension's own sync queue (extension/lib/sync: queue, records,
 * settings, sendAudit) sends 50 audits to the built API server through a proxy that, at random (seeded),
 * answers 500, 503 or 401 itself, hangs, resets the connection, or does so after the server stored the
 * audit. At the end the server holds each of the 50 audits exactly once (created once: 50 × 201
 * upstream, every other upstream answer a 200 "identical"), equal to what the extension ran, and
 * nothing is left pending in the extension.
 *
 * What is real: the queue code, its storage (WXT's fake browser, as in the extension unit tests), its
 * retry and backoff decisions, sendAudit's fetch over HTTP, the server. What is compressed, without
 * changing production values: the clock the queue reads (QueueDeps.now; an alarm "fires" by moving it
 * to the time the queue scheduled), and a hung request is abandoned after 300 ms instead of sendAudit's
 * 20 s (an extra AbortSignal; it fails the same way, as a TimeoutError). A 401 makes the queue wait for
 * new settings (by design); the test then does what a user does: it enters a key again (the account's
 * other key), which the background reacts to with a forced flush.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { flushQueue, type QueueDeps } from '../../extension/lib/sync/queue.js';
import { addAudit, listRecords } from '../../extension/lib/sync/records.js';
import { SENDING } from '../../extension/lib/sync/reasons.js';
import { sendAudit } from '../../extension/lib/sync/send.js';
import { saveSettings } from '../../extension/lib/settings.js';
import { canonicalJson } from '../../server/audits/canonical-hash.js';
import type { Audit } from '../../shared/types/audit.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { createAccounts, createKey } from './helpers/accounts.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startFaultProxy, type Fault, type FaultProxy } from './helpers/fault-proxy.js';
import { report, seededRandom, stressSeed } from './helpers/mode.js';
import { deadlineSignal } from '../../server/net/deadline-signal.js';

vi.mock('wxt/browser', async () => ({ browser: (await import('wxt/testing/fake-browser')).fakeBrowser }));

const AUDITS = 50;
const HUNG_AFTER_MS = 300;
/** Fault odds (the rest pass through untouched). */
const ODDS: Array<[Fault, number]> = [
  ['500', 0.08],
  ['503', 0.04],
  ['401', 0.06],
  ['hang', 0.06],
  ['reset', 0.03],
  ['500-after', 0.07],
  ['hang-after', 0.06],
  ['reset-after', 0.03],
];

const seed = stressSeed();
const random = seededRandom(seed);
let dataDir: string;
let server: ServerProcess;
let proxy: FaultProxy;
let keys: [string, string];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-sync-'));
  const [account] = await createAccounts(dataDir, 1);
  keys = [account!.key, (await createKey(dataDir, account!.accountId)).key];
  server = await startServerProcess({ bundle: inject('stressServerBundle'), env: { DATA_DIR: dataDir }, keepRequestLog: false });
  proxy = await startFaultProxy(server.url, () => {
    let r = random();
    for (const [fault, odds] of ODDS) if ((r -= odds) < 0) return fault;
    return 'pass';
  });
  fakeBrowser.reset();
});
afterAll(async () => {
  await proxy?.close();
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** fetch with a hung request abandoned after HUNG_AFTER_MS (sendAudit's own 20 s signal still applies). */
const impatientFetch: typeof fetch = async (input, init) => {
  // Not AbortSignal.any(... AbortSignal.timeout()): on Node 20 a GC can drop that timeout (server/net/deadline-signal.ts).
  const deadline = deadlineSignal(HUNG_AFTER_MS, init?.signal ?? undefined);
  try {
    return await fetch(input, { ...init, signal: deadline.signal });
  } finally {
    deadline.clear();
  }
};

describe('extension sync under faults', () => {
  it(`stores each of ${AUDITS} audits exactly once through 500s, 401s, hangs and resets`, async () => {
    console.log(`sync under faults: seed ${seed} (STRESS_SEED=${seed} replays it)`);
    let now = Date.parse('2026-11-21T09:00:00Z');
    let alarm: number | null = null;
    const outcomes = new Map<string, number>();
    const deps: QueueDeps = {
      send: async (audit, settings) => {
        const outcome = await sendAudit(audit, settings, impatientFetch);
        outcomes.set(outcome.kind, (outcomes.get(outcome.kind) ?? 0) + 1);
        return outcome;
      },
      schedule: async (at) => void (alarm = at),
      now: () => now,
      random,
    };
    let keyChanges = 0;
    let keyIndex = 0;
    await saveSettings({ backendUrl: proxy.url, apiKey: keys[0] });

    /** What the background does: a user re-enters the key after a 401; the alarm fires when due. */
    const settle = async (maxRounds: number) => {
      for (let round = 0; round < maxRounds; round++) {
        const records = await listRecords();
        if (records.some((r) => r.sync.state === 'failed' && r.sync.waitForSettings)) {
          keyIndex = 1 - keyIndex;
          keyChanges++;
          await saveSettings({ backendUrl: proxy.url, apiKey: keys[keyIndex]! });
          await flushQueue(deps, true); // storage.onChanged(settings) -> requestSync(true)
        } else if (records.some((r) => r.sync.state === 'pending')) {
          now = Math.max(now, alarm ?? now) + 1; // the alarm fires
          await flushQueue(deps);
        } else return;
      }
    };

    const made: Audit[] = [];
    for (let i = 0; i < AUDITS; i++) {
      const audit: Audit = {
        ...extensionAudit(randomUUID()),
        url: `https://shop.example/item/${i}`,
        scanned_at: new Date(now).toISOString(),
      };
      made.push(audit);
      await addAudit(audit, SENDING);
      await flushQueue(deps, true); // a new audit: requestSync(true)
      await settle(3); // life goes on between audits: some retries happen before the next one
      now += 5_000;
    }
    await settle(500);

    // The extension has nothing left to send and never gave up on an audit.
    const left = (await listRecords()).filter((r) => r.sync.state !== 'synced');
    expect(left, JSON.stringify(left.map((r) => r.sync))).toEqual([]);

    // The server: every audit once, as the extension ran it.
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await fetch(`${server.url}/api/v1/audits?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: { authorization: `Bearer ${keys[0]}` },
      });
      const page = (await res.json()) as { audits: Array<{ id: string }>; next_cursor: string | null };
      listed.push(...page.audits.map((a) => a.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(made.map((a) => a.id)));
    for (const audit of made) {
      const res = await fetch(`${server.url}/api/v1/audits/${audit.id}`, { headers: { authorization: `Bearer ${keys[1]}` } });
      expect(res.status).toBe(200);
      expect(canonicalJson(((await res.json()) as { audit: Audit }).audit)).toBe(canonicalJson(audit));
    }
    // Created exactly once each; every other PUT that reached the server found its identical copy.
    expect(proxy.upstream.get(201)).toBe(AUDITS);
    expect([...proxy.upstream.keys()].filter((s) => s !== 201 && s !== 200)).toEqual([]);

    const attempts = Object.values(proxy.served).reduce((a, b) => a + b, 0);
    report(`extension sync under faults: ${AUDITS} audits, seed ${seed}`, [
      `PUT attempts ${attempts}; faults served: ${Object.entries(proxy.served)
        .map(([f, n]) => `${f} ${n}`)
        .join(', ')}`,
      `reached the server: ${[...proxy.upstream].map(([s, n]) => `${n} × ${s}`).join(', ')} (a 200 is a resend after an answer the proxy swallowed)`,
      `queue outcomes: ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')}; keys re-entered after a 401: ${keyChanges}; virtual time ${((now - Date.parse('2026-11-21T09:00:00Z')) / 60_000).toFixed(1)} min`,
      `server: ${listed.length} audits listed, ${new Set(listed).size} distinct, all ${AUDITS} equal to what the extension ran; extension: nothing pending or failed`,
    ]);
  });
});
