/**
 * Share links' PDFs must not starve other accounts' PDFs. A share link needs no key, and the server prints PDFs in
 * one Chromium with a bounded line: 24 clients on one link used to fill that line, and another account's PDFs
 * succeeded 1 time in 14. Now a share's PDF is printed once and served from a cache until what it shows changes,
 * slots go round-robin across accounts and their links, and a link or an account beyond its share of the printer
 * gets a 429 with Retry-After. Each test floods with concurrent clients, each from its own loopback address (real
 * Chromium, 2 printing slots), while another account asks for its own PDFs one after the other: every one of them
 * must be printed.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportApi, type ReportApi } from '../../helpers/report-api.js';

const FLOOD_MS = 8_000;
const CLIENTS = 24;

let api: ReportApi;
let victim: { accountId: string; key: string };
beforeAll(async () => {
  api = await startReportApi();
  victim = await api.newAccount();
});
afterAll(() => api.closeAll());

interface Flood {
  statuses: Map<number, number>;
  /** Retry-After of each 429. */
  retryAfter: Set<string | null>;
  stop(): Promise<void>;
}

/** GET of `url` from the loopback address `from`: its status and Retry-After, the body read to the end. */
function getFrom(from: string, url: string): Promise<{ status: number; retryAfter: string | null }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null }));
    });
    req.on('error', reject);
  });
}

/**
 * `clients` closed loops of GET `urls[i % urls.length]?format=pdf` until stopped, each from its own loopback
 * address (127.0.`subnet`.x: a flood from many machines, so /r/'s per-address throttle does not stop it first).
 * Each test floods from its own subnet: the throttle's minute outlives a test.
 */
function flood(urls: string[], clients: number, subnet: number): Flood {
  const statuses = new Map<number, number>();
  const retryAfter = new Set<string | null>();
  let stopped = false;
  const loops = Array.from({ length: clients }, async (_, i) => {
    while (!stopped) {
      const res = await getFrom(`127.0.${subnet}.${i + 1}`, `${urls[i % urls.length]}?format=pdf`);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 429) retryAfter.add(res.retryAfter);
    }
  });
  return {
    statuses,
    retryAfter,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The victim's PDFs of `n` audits of its own, one after the other while the flood runs: each answer's status. */
async function victimPdfs(n: number): Promise<number[]> {
  const statuses: number[] = [];
  const started = Date.now();
  for (let i = 0; i < n || Date.now() - started < FLOOD_MS; i++) {
    const audit = await api.putAudit({ score: 40 + (i % 50) }, victim.accountId);
    const res = await api.request('GET', `/api/v1/audits/${audit.id}/report?format=pdf`, { key: victim.key });
    statuses.push(res.status);
  }
  return statuses;
}

async function shareUrl(score: number): Promise<string> {
  const audit = await api.putAudit({ score });
  const res = await api.request('POST', `/api/v1/audits/${audit.id}/share`);
  expect(res.status).toBe(201);
  return res.json.share.url as string;
}

describe('share-link PDFs under a flood', () => {
  it(`${CLIENTS} clients on one share link: printed once, the rest from the cache; another account's PDFs all printed`, async () => {
    const url = await shareUrl(71);
    const attack = flood([url], CLIENTS, 3);
    const mine = await victimPdfs(3);
    await attack.stop();
    console.log(`   the other account: ${mine.length} PDFs, statuses ${mine.join(', ')}; flood: ${JSON.stringify([...attack.statuses])}`);
    expect(
      mine.every((s) => s === 200),
      `the other account's PDFs: ${mine.join(', ')}`,
    ).toBe(true);
    expect([...attack.statuses.keys()].filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(attack.statuses.get(200)).toBeGreaterThan(CLIENTS);
    // A 429 here is the link's throttle (600 a minute), or its share of the printer (Retry-After: 10).
    expect([...attack.retryAfter].filter((r) => !(Number(r) > 0))).toEqual([]);
  });

  it(`${CLIENTS} share links of one account flooded at once: that account waits its turn, another's PDFs all printed`, async () => {
    const urls = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => shareUrl(i + 1)));
    // Each link's report differs: until each is printed once, nothing comes from the cache and the printer's line is tested.
    const attack = flood(urls, CLIENTS, 4);
    const mine = await victimPdfs(3);
    await attack.stop();
    console.log(`   the other account: ${mine.length} PDFs, statuses ${mine.join(', ')}; flood: ${JSON.stringify([...attack.statuses])}`);
    expect(
      mine.every((s) => s === 200),
      `the other account's PDFs: ${mine.join(', ')}`,
    ).toBe(true);
    expect([...attack.statuses.keys()].filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // The account's share of the printer (Retry-After: 10) was reached; other 429s are /r/'s per-address throttle.
    expect(attack.retryAfter).toContain('10');
    expect([...attack.retryAfter].filter((r) => !(Number(r) > 0))).toEqual([]);
  });
});
