/**
 * Retention and the other operations of contracts/store-maintenance.ts, on both stores: expireBefore
 * removes the audits and citation rows (with their runs and their part of the rollups) older than the
 * cut-off and nothing newer, before and after a reopen; onceForDay runs a job once per day; readiness says
 * a working store is ready.
 */
import { describe, expect, it } from 'vitest';
import { canonicalHash } from '../../../../server/audits/canonical-hash.js';
import type { Store } from '../../../../server/store/contracts/store.js';
import { rowTally } from '../../../../server/citations/intelligence/row-tally.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import { type StoreSubject, storePerTest } from '../subjects.js';
import { prompt, row } from './citations-rows.js';
import { chunkOf, gptHit, trafficIngest } from './traffic.js';
import { nginx, UA } from '../../../logs/samples.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const WINDOW = { since: '2026-01-01', until: '2026-12-31' };

async function putAuditAt(store: Store, accountId: string, ms: number): Promise<string> {
  const audit = { ...extensionAudit(), scanned_at: iso(ms) };
  await store.putAudit(accountId, audit, canonicalHash(audit));
  return audit.id;
}

const answer = (text: string) => ({
  status: 'ok' as const,
  answer: text,
  answer_truncated: false,
  cited_urls: ['https://acme.com/'],
  retrieved_urls: [],
  search_queries: [],
  mentioned: true,
  cited: true,
  position: 1,
  competitors: [],
});

export function describeRetentionContract(subject: StoreSubject): void {
  describe(`retention and maintenance contract: ${subject.name}`, () => {
    let store: Store;
    const lifecycle = storePerTest(subject, async (opened) => {
      store = opened;
    });

    it('says a working store is ready', async () => {
      const ready = await store.readiness();
      expect(ready.store.ok).toBe(true);
      expect(ready.migrations.ok).toBe(true);
    });

    it('removes audits and citation rows older than the cut-off, with their runs and their part of the summaries', async () => {
      const account = (await store.createAccount({ name: 'a', plan: 'agency' })).id;
      const old = await putAuditAt(store, account, NOW - 40 * DAY);
      const recent = await putAuditAt(store, account, NOW - 5 * DAY);
      const citations = await store.citations();
      const p = { ...prompt(1, account), created_at: iso(NOW - 60 * DAY) };
      await citations.createPrompt(p, 10);
      for (const [ms, text] of [
        [NOW - 40 * DAY, 'old answer'],
        [NOW - 5 * DAY, 'recent answer'],
      ] as const) {
        const r = row(p, 'chatgpt', iso(ms), {
          cited: true,
          cited_runs: 1,
          visible_runs: 1,
          mentioned_runs: 1,
          mentioned: true,
          position: 1,
        });
        await citations.appendResult({ ...r, tally: rowTally(r, [answer(text)]) }, [answer(text)]);
      }
      expect((await citations.dayTallies([`acct:${account}`], WINDOW)).length).toBe(2);

      expect(await store.expireBefore(new Date(NOW - 30 * DAY))).toEqual({ audits: 1, citation_rows: 1, traffic_rollups: 0 });
      for (let pass = 0; pass < 2; pass++) {
        expect(await store.getAuditJson(account, old)).toBeNull();
        expect(await store.getAuditJson(account, recent)).not.toBeNull();
        expect((await store.listAudits(account, { limit: 10 })).audits.map((a) => a.id)).toEqual([recent]);
        const c = await store.citations();
        const rows = (await c.listResults(account, { limit: 10, history: true })).rows;
        expect(rows.map((r) => r.checked_at)).toEqual([iso(NOW - 5 * DAY)]);
        expect((await c.runsOf(rows)).map((runs) => runs.map((r) => r.answer))).toEqual([['recent answer']]);
        expect((await c.dayTallies([`acct:${account}`], WINDOW)).map((t) => t.day)).toEqual([iso(NOW - 5 * DAY).slice(0, 10)]);
        await lifecycle.reopen();
      }
      expect(await store.expireBefore(new Date(NOW - 30 * DAY))).toEqual({ audits: 0, citation_rows: 0, traffic_rollups: 0 });
    });

    it('removes the traffic days older than the cut-off and keeps the newer ones', async () => {
      const account = (await store.createAccount({ name: 'a', plan: 'agency' })).id;
      const traffic = await store.traffic();
      await traffic.createIngest(trafficIngest('ing_retention', account, 'prj_retention'));
      // Two days of August 2026, both before a cut-off of 1 November; one of 20 November, after it.
      const august = chunkOf('ing_retention', 0, [gptHit('01', '/a'), gptHit('02', '/b')], 'prj_retention');
      expect(await traffic.commitChunk(august)).toBe(true);
      const november = nginx('20.171.206.12', '20/Nov/2026:10:00:00 +0000', 'GET /c HTTP/1.1', 200, '-', UA.gptbot);
      expect(await traffic.commitChunk(chunkOf('ing_retention', august.to, [november], 'prj_retention'))).toBe(true);
      const days = async () => (await (await store.traffic()).listDays('prj_retention', '2026-01-01', '2026-12-31')).map((d) => d.date);
      expect(await days()).toEqual(['2026-08-01', '2026-08-02', '2026-11-20']);

      const cut = new Date('2026-11-01T00:00:00.000Z');
      expect((await store.expireBefore(cut)).traffic_rollups).toBe(2);
      // A window over the whole year, read from days and blocks of days, holds only what is left.
      const windowHits = async () =>
        (await (await store.traffic()).listWindow('prj_retention', '2026-01-01', '2026-12-31')).reduce(
          (sum, b) => sum + b.rollup.counts.parsed,
          0,
        );
      for (let pass = 0; pass < 2; pass++) {
        expect(await days()).toEqual(['2026-11-20']);
        expect(await windowHits()).toBe(1);
        await lifecycle.reopen();
      }
      expect((await store.expireBefore(cut)).traffic_rollups).toBe(0);
    });

    it('keeps working while it expires: a put during the pass is stored', async () => {
      const account = (await store.createAccount({ name: 'a', plan: 'agency' })).id;
      await putAuditAt(store, account, NOW - 40 * DAY);
      const [expired, added] = await Promise.all([store.expireBefore(new Date(NOW - 30 * DAY)), putAuditAt(store, account, NOW)]);
      expect(expired.audits).toBe(1);
      expect((await store.listAudits(account, { limit: 10 })).audits.map((a) => a.id)).toEqual([added]);
    });

    it('runs a daily job once per day; a run that throws is not counted', async () => {
      const ran: string[] = [];
      const job = (day: string) => store.onceForDay('retention', day, async () => void ran.push(day));
      expect(await Promise.all([job('2026-11-21'), job('2026-11-21')])).toEqual(expect.arrayContaining([true, false]));
      expect(await job('2026-11-21')).toBe(false);
      await expect(store.onceForDay('retention', '2026-11-22', () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
      expect(await job('2026-11-22')).toBe(true);
      await lifecycle.reopen();
      expect(await job('2026-11-22')).toBe(false);
      expect(ran).toEqual(['2026-11-21', '2026-11-22']);
    });
  });
}
