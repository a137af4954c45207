/** Store.traffic() against any store (server/store/contracts/traffic.ts): ingests, chunks with cursors, daily rollups. Run by traffic.test.ts. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DailyAggregates } from '../../../../shared/logs/aggregate/daily-aggregates.js';
import { LogIngest } from '../../../../shared/logs/ingest/log-ingest.js';
import type { StoredIngest, TrafficChunk } from '../../../../server/store/contracts/traffic.js';
import type { Store } from '../../../../server/store/contracts/store.js';
import { chunkParts } from '../../../../server/traffic/chunk-parts.js';
import { countsOfDays } from '../../../../server/traffic/traffic-of-days.js';
import { nginx, UA } from '../../../logs/samples.js';
import type { StorePlace, StoreSubject } from '../subjects.js';

const AT = '2026-11-21T10:00:00.000Z';

function ingest(id: string, overrides: Partial<StoredIngest> = {}): StoredIngest {
  return { ...trafficIngest(id, 'acct_a', 'prj_a'), ...overrides };
}

/** A queued ingest of the account's project. */
export function trafficIngest(id: string, accountId: string, projectId: string): StoredIngest {
  return {
    id,
    account_id: accountId,
    project_id: projectId,
    sha256: `sha-of-${id}`,
    status: 'queued',
    bytes: 1000,
    lines: 0,
    offset: 0,
    problems: [],
    error: null,
    created_at: AT,
    updated_at: AT,
  };
}

/** A chunk of real log lines, counted as the ingest runner counts them. */
export function chunkOf(ingestId: string, from: number, lines: string[], projectId = 'prj_a'): TrafficChunk {
  const counting = new LogIngest({ format: 'auto', site: null, since: NaN, until: NaN });
  const daily = new DailyAggregates();
  counting.counter.swapAggregate(daily);
  const input = counting.input('upload');
  const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
  input.push(bytes);
  input.end();
  return { ingest_id: ingestId, project_id: projectId, from, to: from + bytes.length, at: AT, ...chunkParts(daily) };
}

/** GPTBot fetching `path` on `day` of August 2026. */
export const gptHit = (day: string, path: string) =>
  nginx('20.171.206.12', `${day}/Aug/2026:10:00:00 +0000`, `GET ${path} HTTP/1.1`, 200, '-', UA.gptbot);
const gpt = gptHit;
const claude = (day: string, path: string) =>
  nginx('192.0.2.1', `${day}/Aug/2026:11:00:00 +0000`, `GET ${path} HTTP/1.1`, 404, '-', UA.claudebot);

const hitsOf = (rollup: { counts: { agents: [string, { hits: number }][] } }, agent: string) =>
  rollup.counts.agents.find(([name]) => name === agent)?.[1].hits ?? 0;

export function describeTrafficContract(subject: StoreSubject): void {
  describe(`TrafficStore contract: ${subject.name}`, () => {
    let place: StorePlace;
    let store: Store;
    beforeAll(() => subject.setup(), 60_000);
    afterAll(() => subject.teardown(), 60_000);
    beforeEach(async () => {
      place = await subject.place();
      store = await place.open();
    });
    afterEach(async () => {
      await store.close();
      await place.dispose();
    });
    const reopen = async () => {
      await store.close();
      store = await place.open();
    };

    it('ingests: one per project and bytes, read back per project, kept across a reopen', async () => {
      const traffic = await store.traffic();
      expect(await traffic.createIngest(ingest('ing_one'))).toEqual({ ingest: ingest('ing_one'), created: true });
      const again = await traffic.createIngest(ingest('ing_two', { sha256: 'sha-of-ing_one' }));
      expect(again).toEqual({ ingest: ingest('ing_one'), created: false });
      expect((await traffic.createIngest(ingest('ing_other', { project_id: 'prj_b', sha256: 'sha-of-ing_one' }))).created).toBe(true);
      await reopen();
      const reopened = await store.traffic();
      expect(await reopened.getIngest('prj_a', 'ing_one')).toEqual(ingest('ing_one'));
      expect(await reopened.getIngest('prj_b', 'ing_one')).toBeNull();
      expect(await reopened.getIngest('prj_a', 'ing_two')).toBeNull();
    });

    it('chunks: add their days and move the cursor once; a chunk committed already changes nothing', async () => {
      const traffic = await store.traffic();
      await traffic.createIngest(ingest('ing_one'));
      const first = chunkOf('ing_one', 0, [gpt('01', '/a'), gpt('01', '/b'), claude('02', '/a')]);
      expect(await traffic.commitChunk(first)).toBe(true);
      expect(await traffic.commitChunk(first)).toBe(false);
      const second = chunkOf('ing_one', first.to, [gpt('01', '/a'), gpt('03', '/c'), 'not a log line']);
      expect(await traffic.commitChunk(second)).toBe(true);
      await reopen();
      const reopened = await store.traffic();
      const stored = await reopened.getIngest('prj_a', 'ing_one');
      expect(stored).toMatchObject({ offset: second.to, lines: 6 });
      expect(stored!.problems).toHaveLength(1);
      const days = await reopened.listDays('prj_a', '2026-08-01', '2026-08-02');
      expect(days.map((d) => d.date)).toEqual(['2026-08-01', '2026-08-02']);
      expect(hitsOf(days[0]!.rollup, 'GPTBot')).toBe(3);
      expect(days[0]!.rollup.distinct.GPTBot).toBe(2);
      expect(hitsOf(days[1]!.rollup, 'ClaudeBot')).toBe(1);
      expect(await reopened.listDays('prj_b', '2026-08-01', '2026-08-31')).toEqual([]);
    });

    it('fetched paths: the paths AI agents fetched inside the window', async () => {
      const traffic = await store.traffic();
      await traffic.createIngest(ingest('ing_one'));
      await traffic.commitChunk(chunkOf('ing_one', 0, [gpt('01', '/a'), claude('10', '/b'), gpt('20', '/c')]));
      await reopen();
      const reopened = await store.traffic();
      const paths = ['/a', '/b', '/c', '/never'];
      expect([...(await reopened.fetchedPaths('prj_a', paths, '2026-08-02', '2026-08-20'))].sort()).toEqual(['/b', '/c']);
      expect([...(await reopened.fetchedPaths('prj_a', paths, '2026-01-01', '2026-12-31'))].sort()).toEqual(['/a', '/b', '/c']);
      expect((await reopened.fetchedPaths('prj_b', paths, '2026-01-01', '2026-12-31')).size).toBe(0);
    });

    it('statuses: unfinished ingests listed oldest first until done or failed', async () => {
      const traffic = await store.traffic();
      await traffic.createIngest(ingest('ing_late', { created_at: '2026-11-21T11:00:00.000Z' }));
      await traffic.createIngest(ingest('ing_early'));
      await traffic.createIngest(ingest('ing_done'));
      await traffic.setIngestStatus('ing_done', 'done', null, AT);
      await traffic.setIngestStatus('ing_early', 'ingesting', null, AT);
      await reopen();
      const reopened = await store.traffic();
      expect((await reopened.listUnfinishedIngests()).map((i) => [i.id, i.status])).toEqual([
        ['ing_early', 'ingesting'],
        ['ing_late', 'queued'],
      ]);
      await reopened.setIngestStatus('ing_late', 'failed', 'the spooled file is gone', AT);
      expect(await reopened.getIngest('prj_a', 'ing_late')).toMatchObject({ status: 'failed', error: 'the spooled file is gone' });
    });

    it('windows: the days and blocks of a window add up to what its days add up to, filtered or not', async () => {
      const traffic = await store.traffic();
      await traffic.createIngest(ingest('ing_one'));
      const lines = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => {
          const day = from + i;
          const date = new Date(Date.UTC(2026, 7, 1) + day * 86_400_000);
          const stamp = `${String(date.getUTCDate()).padStart(2, '0')}/${date.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}/2026`;
          const hit = (ip: string, ua: string, path: string) => nginx(ip, `${stamp}:10:00:00 +0000`, `GET ${path} HTTP/1.1`, 200, '-', ua);
          return [hit('20.171.206.12', UA.gptbot, `/p${day % 7}`), ...(day % 3 === 0 ? [hit('192.0.2.1', UA.claudebot, '/c')] : [])];
        }).flat();
      const first = chunkOf('ing_one', 0, lines(0, 40));
      await traffic.commitChunk(first);
      await reopen(); // lowdb builds the blocks of stored days when first asked; PostgreSQL kept them from the first chunk
      await (await store.traffic()).commitChunk(chunkOf('ing_one', first.to, lines(30, 100)));
      const reopened = await store.traffic();
      const open = { since: NaN, until: NaN };
      for (const [since, until] of [
        ['2026-08-01', '2026-11-30'],
        ['2026-08-03', '2026-10-29'],
        ['2026-09-10', '2026-09-10'],
      ] as const) {
        const window = await reopened.listWindow('prj_a', since, until, true);
        const days = (await reopened.listDays('prj_a', since, until)).map((d) => ({ level: 0, start: d.date, rollup: d.rollup }));
        if (since === '2026-08-01') expect(window.length).toBeLessThan(days.length / 4);
        for (const filter of [
          { agent: null, purpose: null },
          { agent: 'claudebot', purpose: null },
          { agent: null, purpose: 'training' as const },
        ]) {
          const got = countsOfDays(window, open, filter).traffic;
          const want = countsOfDays(days, open, filter).traffic;
          expect(got.agents).toEqual(want.agents);
          expect(got.series).toEqual(want.series);
          expect(got.top_pages).toEqual(want.top_pages);
        }
      }
      expect(
        countsOfDays(await reopened.listWindow('prj_a', '2026-08-01', '2026-12-31'), open, { agent: null, purpose: null }).traffic.parsed,
      ).toBe(40 + 14 + 70 + 24);
      expect(await reopened.listWindow('prj_b', '2026-08-01', '2026-12-31')).toEqual([]);
    });

    it('a chunk committed while a window is first read is in the next window', async () => {
      const traffic = await store.traffic();
      await traffic.createIngest(ingest('ing_one'));
      const days = Array.from({ length: 28 }, (_, i) => gpt(String(i + 1).padStart(2, '0'), `/p${i}`));
      const first = chunkOf('ing_one', 0, days);
      await traffic.commitChunk(first);
      await reopen();
      const reopened = await store.traffic();
      // The first read may build the blocks of the stored days; the chunk lands while it does (or just after).
      const [during] = await Promise.all([
        reopened.listWindow('prj_a', '2026-08-01', '2026-08-31'),
        reopened.commitChunk(chunkOf('ing_one', first.to, [gpt('05', '/late'), claude('20', '/late')])),
      ]);
      const parsedOf = (blocks: typeof during) =>
        countsOfDays(blocks, { since: NaN, until: NaN }, { agent: null, purpose: null }).traffic.parsed;
      expect([28, 30]).toContain(parsedOf(during));
      const after = await reopened.listWindow('prj_a', '2026-08-01', '2026-08-31');
      expect(parsedOf(after)).toBe(30);
      const byDay = (await reopened.listDays('prj_a', '2026-08-01', '2026-08-31')).map((d) => ({
        level: 0,
        start: d.date,
        rollup: d.rollup,
      }));
      expect(countsOfDays(after, { since: NaN, until: NaN }, { agent: null, purpose: null }).traffic.agents).toEqual(
        countsOfDays(byDay, { since: NaN, until: NaN }, { agent: null, purpose: null }).traffic.agents,
      );
    });

    it('a window read again has the chunks committed since, by this store or another over the same data', async () => {
      const traffic = await store.traffic();
      await traffic.createIngest(ingest('ing_one'));
      const first = chunkOf(
        'ing_one',
        0,
        Array.from({ length: 20 }, (_, i) => gpt(String(i + 1).padStart(2, '0'), `/p${i}`)),
      );
      await traffic.commitChunk(first);
      const parsed = async (t: typeof traffic, agent: string | null) =>
        countsOfDays(
          await t.listWindow('prj_a', '2026-08-01', '2026-08-31', agent !== null),
          { since: NaN, until: NaN },
          { agent, purpose: null },
        ).traffic.parsed;
      expect(await parsed(traffic, null)).toBe(20);
      expect(await parsed(traffic, 'claudebot')).toBe(20);
      const second = chunkOf('ing_one', first.to, [gpt('03', '/late'), claude('04', '/late'), claude('17', '/x')]);
      await traffic.commitChunk(second);
      expect(await parsed(traffic, null)).toBe(23);
      const agents = async (t: typeof traffic) =>
        countsOfDays(
          await t.listWindow('prj_a', '2026-08-01', '2026-08-31', true),
          { since: NaN, until: NaN },
          { agent: 'claudebot', purpose: null },
        ).traffic.series.reduce((n, d) => n + Object.values(d.hits_by_purpose).reduce((a, b) => a + b, 0), 0);
      expect(await agents(traffic)).toBe(2);
      if (subject.name === 'lowdb') return; // one process per data directory
      // PostgreSQL: another process commits; this one reads what it wrote, not what it read before.
      const other = await place.open();
      try {
        await (await other.traffic()).commitChunk(chunkOf('ing_one', second.to, [claude('05', '/y')]));
      } finally {
        await other.close();
      }
      expect(await parsed(traffic, null)).toBe(24);
      expect(await agents(traffic)).toBe(3);
    });

    it('deleting a project removes its ingests, days and pages, and no other project’s', async () => {
      const traffic = await store.traffic();
      await traffic.createIngest(ingest('ing_a'));
      await traffic.createIngest(ingest('ing_b', { project_id: 'prj_b' }));
      await traffic.commitChunk(chunkOf('ing_a', 0, [gpt('01', '/a')]));
      await traffic.commitChunk(chunkOf('ing_b', 0, [gpt('01', '/a')], 'prj_b'));
      await traffic.deleteProject('prj_a');
      await reopen();
      const reopened = await store.traffic();
      expect(await reopened.getIngest('prj_a', 'ing_a')).toBeNull();
      expect(await reopened.listDays('prj_a', '2026-01-01', '2026-12-31')).toEqual([]);
      expect(await reopened.listWindow('prj_a', '2026-01-01', '2026-12-31')).toEqual([]);
      expect((await reopened.fetchedPaths('prj_a', ['/a'], '2026-01-01', '2026-12-31')).size).toBe(0);
      expect(await reopened.listDays('prj_b', '2026-01-01', '2026-12-31')).toHaveLength(1);
    });
  });
}
