/**
 * What every CitationStore does with citation intelligence, whatever holds it: rows with their runs and
 * tallies feed daily tallies, sources (month periods and the days at the window's ends alike) and prompt
 * tallies; deleting a prompt takes its rows out, deleting a project's prompts drops its scope; runs read
 * back; everything survives a reopen. Run against lowdb and PostgreSQL by citations.test.ts (registry.ts).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../../shared/schema/citation-intelligence.js';
import type { CitationEngineId } from '../../../../shared/schema/citation-engines.js';
import { rowTally } from '../../../../server/citations/intelligence/row-tally.js';
import type { CitationStore, StoredCitationRow, StoredPrompt } from '../../../../server/store/contracts/citations.js';
import { storePerTest, type StoreSubject } from '../subjects.js';
import { ACCOUNT, prompt, row } from './citations-rows.js';

const PROJECT = 'prj_AAAAAAAAAAAAAAAA';

function run(cited: string[], extra: Partial<RunRecord> = {}): RunRecord {
  return {
    status: 'ok',
    answer: 'Acme and Globex',
    answer_truncated: false,
    cited_urls: cited,
    retrieved_urls: [],
    search_queries: ['q'],
    mentioned: true,
    cited: cited.some((u) => u.includes('acme.com')),
    position: cited.findIndex((u) => u.includes('acme.com')) + 1 || null,
    competitors: [{ name: 'Globex', mentioned: true, cited: false }],
    ...extra,
  };
}

/** A row of two runs on `day`: both cite acme.com (position 1 and 2) and g2.com pages. */
function twoRuns(p: StoredPrompt, engine: CitationEngineId, day: string): { row: StoredCitationRow; runs: RunRecord[] } {
  const runs = [
    run(['https://acme.com/a', 'https://www.g2.com/x']),
    run(['https://blog.g2.com/y', 'https://acme.com/b', 'https://acme.com/a']),
  ];
  const base = row(p, engine, `${day}T10:00:00.000Z`, {
    project_id: p.project_id,
    runs: 2,
    cited: true,
    cited_runs: 2,
    position: 1,
    mentioned: true,
    mentioned_runs: 2,
    visible_runs: 2,
    competitors: [{ name: 'Globex', mentioned_runs: 2, cited_runs: 0, visible_runs: 2 }],
    check_id: `chk_${day.replaceAll('-', '')}${engine.slice(0, 8).padEnd(8, 'x')}`,
  });
  return { row: { ...base, tally: rowTally(base, runs) }, runs };
}

export function describeCitationRollupContract(subject: StoreSubject): void {
  describe(`CitationStore rollups: ${subject.name}`, () => {
    let store: CitationStore;
    const { reopen } = storePerTest(subject, async (owner) => {
      store = await owner.citations();
    });

    const a = { ...prompt(1), project_id: PROJECT };
    const b = { ...prompt(2), project_id: PROJECT };
    const days = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-15', '2026-03-01'];

    async function seed(): Promise<void> {
      await store.createPrompt(a, 10);
      await store.createPrompt(b, 10);
      for (const day of days) {
        for (const p of [a, b]) {
          const { row: r, runs } = twoRuns(p, 'chatgpt', day);
          await store.appendResult(r, runs);
        }
      }
      const { row: other, runs } = twoRuns(a, 'perplexity', '2026-02-15');
      await store.appendResult(other, runs);
    }

    it('daily tallies and sources over a window mixing whole months and loose days, the same after a reopen', async () => {
      await seed();
      for (const pass of ['open', 'reopened']) {
        if (pass === 'reopened') await reopen();
        const tallies = await store.dayTallies([PROJECT], { since: '2026-01-31', until: '2026-02-28' });
        const total = (k: 'runs' | 'visible' | 'cited' | 'position_sum' | 'position_count') => tallies.reduce((s, t) => s + t[k], 0);
        // 3 chatgpt days in the window × 2 prompts × 2 runs, and one perplexity row.
        expect([total('runs'), total('visible'), total('cited'), total('position_sum'), total('position_count')], pass).toEqual([
          14, 14, 14, 21, 14,
        ]);
        expect(tallies.find((t) => t.day === '2026-02-15' && t.engine === 'perplexity')).toMatchObject({
          runs: 2,
          competitors: { Globex: 2 },
        });
        // Two prompts' rows on one day and engine: their competitors add up by name.
        expect(tallies.find((t) => t.day === '2026-02-15' && t.engine === 'chatgpt')).toMatchObject({
          runs: 4,
          competitors: { Globex: 4 },
        });

        const sources = await store.sourceTallies([PROJECT], { since: '2026-01-31', until: '2026-02-28' }, undefined, 10);
        // Per row: acme.com 3 distinct pages over 2 runs, g2.com 2 (www and blog), in 7 rows.
        expect(
          sources.map((s) => [s.domain, s.citations, s.runs, s.engines]),
          pass,
        ).toEqual([
          ['acme.com', 21, 14, ['chatgpt', 'perplexity']],
          ['g2.com', 14, 14, ['chatgpt', 'perplexity']],
        ]);
        expect(sources[0]!.top_urls).toEqual([
          { url: 'https://acme.com/a', citations: 14 },
          { url: 'https://acme.com/b', citations: 7 },
        ]);
        const whole = await store.sourceTallies([PROJECT], { since: '2026-01-01', until: '2026-03-31' }, 'perplexity', 1);
        expect(whole.map((s) => [s.domain, s.citations])).toEqual([['acme.com', 3]]);
      }
    });

    it('sources over several scopes add up per domain and URL; a domain keeps its 5 most cited URLs, ties by URL', async () => {
      // A project's prompt and a prompt without a project cite the same pages: account-wide figures merge them.
      const loose = prompt(3);
      await store.createPrompt(a, 10);
      await store.createPrompt(loose, 10);
      const pages = ['f', 'e', 'd', 'c', 'b', 'a', 'g'].map((p) => `https://docs.example.org/${p}`);
      const citing = (p: StoredPrompt, day: string, urls: string[]) => {
        const runs = [run(urls)];
        const base = row(p, 'claude', `${day}T10:00:00.000Z`, {
          project_id: p.project_id,
          runs: 1,
          cited: false,
          cited_runs: 0,
          position: null,
          check_id: `chk_${day.replaceAll('-', '')}${p.id.slice(-8)}`,
        });
        return store.appendResult({ ...base, tally: rowTally(base, runs) }, runs);
      };
      await citing(a, '2026-04-01', pages.slice(0, 6)); // f..a once each
      await citing(loose, '2026-04-02', ['https://docs.example.org/a', 'https://docs.example.org/g', 'https://docs.example.org/c']);
      const scopes = [PROJECT, `acct:${ACCOUNT}`];
      const window = { since: '2026-04-01', until: '2026-04-30' };
      for (const pass of ['open', 'reopened']) {
        if (pass === 'reopened') await reopen();
        const [docs] = await store.sourceTallies(scopes, window, undefined, 1);
        expect(docs, pass).toMatchObject({ domain: 'example.org', citations: 9, runs: 2, engines: ['claude'] });
        // a and c twice (both scopes); then b, d, e, f, g once: the fifth place goes to the first by URL.
        expect(
          docs!.top_urls.map((u) => [u.url.slice(-1), u.citations]),
          pass,
        ).toEqual([
          ['a', 2],
          ['c', 2],
          ['b', 1],
          ['d', 1],
          ['e', 1],
        ]);
        const projectOnly = await store.sourceTallies([PROJECT], window, 'claude', 1);
        expect(projectOnly[0]!.citations, pass).toBe(6);
      }
    });

    it('sources across new years and a leap day, on the days at each end; a deleted prompt is taken out of every year', async () => {
      await store.createPrompt(a, 10);
      await store.createPrompt(b, 10);
      const edges = ['2023-12-31', '2024-01-01', '2024-02-29', '2024-12-31', '2025-01-01'];
      for (const day of edges) {
        for (const p of [a, b]) {
          const { row: r, runs } = twoRuns(p, 'gemini', day);
          await store.appendResult(r, runs);
        }
      }
      // Per row: acme.com 3 citations over 2 runs; two prompts a day.
      const acme = async (since: string, until: string) =>
        (await store.sourceTallies([PROJECT], { since, until }, undefined, 1))[0]?.citations ?? 0;
      const expected = (since: string, until: string) => edges.filter((d) => d >= since && d <= until).length * 6;
      const windows: Array<[string, string]> = [
        ['2023-12-31', '2024-01-01'],
        ['2024-01-01', '2024-01-01'],
        ['2024-02-29', '2024-02-29'],
        ['2024-02-28', '2024-03-01'],
        ['2024-01-02', '2024-12-30'],
        ['2024-12-31', '2024-12-31'],
        ['2023-01-01', '2025-12-31'],
        ['2024-03-01', '2024-12-30'],
      ];
      for (const [since, until] of windows) expect(await acme(since, until), `${since}..${until}`).toBe(expected(since, until));
      expect(await store.deletePrompt(ACCOUNT, a.id)).toBe(true);
      await reopen();
      for (const [since, until] of windows)
        expect(await acme(since, until), `${since}..${until} after delete`).toBe(expected(since, until) / 2);
      const [g2] = await store.sourceTallies([PROJECT], { since: '2023-12-31', until: '2025-01-01' }, 'gemini', 2).then((s) => s.slice(1));
      expect(g2).toMatchObject({ domain: 'g2.com', citations: 10, runs: 10, engines: ['gemini'] });
      expect(g2!.top_urls).toEqual([
        { url: 'https://blog.g2.com/y', citations: 5 },
        { url: 'https://www.g2.com/x', citations: 5 },
      ]);
    });

    it('daily tallies over several scopes add up per day and engine, competitors by name', async () => {
      const loose = prompt(3);
      await store.createPrompt(a, 10);
      await store.createPrompt(loose, 10);
      for (const p of [a, loose]) {
        const { row: r, runs } = twoRuns(p, 'claude', '2026-05-05');
        await store.appendResult(r, runs);
      }
      const runs = [run(['https://acme.com/a'], { competitors: [{ name: 'Initech', mentioned: true, cited: false }] })];
      const base = row(loose, 'claude', '2026-05-05T12:00:00.000Z', {
        runs: 1,
        check_id: 'chk_INITECH000000001',
        competitors: [{ name: 'Initech', mentioned_runs: 1, cited_runs: 0, visible_runs: 1 }],
      });
      await store.appendResult({ ...base, tally: rowTally(base, runs) }, runs);
      const window = { since: '2026-05-01', until: '2026-05-31' };
      const merged = await store.dayTallies([PROJECT, `acct:${ACCOUNT}`], window);
      expect(merged).toHaveLength(1);
      expect(merged[0]).toMatchObject({ day: '2026-05-05', engine: 'claude', runs: 5, competitors: { Globex: 4, Initech: 1 } });
      expect((await store.dayTallies([PROJECT], window))[0]).toMatchObject({ runs: 2, competitors: { Globex: 2 } });
      expect((await store.dayTallies([`acct:${ACCOUNT}`], window, 'claude'))[0]).toMatchObject({
        runs: 3,
        competitors: { Globex: 2, Initech: 1 },
      });
      expect(await store.dayTallies([PROJECT], window, 'gemini')).toEqual([]);
    });

    it('a cited URL of 12,000 characters is kept and counted like any other (longer than an index entry or a table page may hold); a host longer than a DNS name is no source', async () => {
      await store.createPrompt(a, 10);
      const long = `https://docs.example.org/${randomBytes(9000).toString('base64url')}`; // random: nothing to compress
      const hugeHost = `https://${Array.from({ length: 80 }, () => randomBytes(20).toString('hex')).join('.')}.com/page`; // not a DNS name: no source
      const runs = [run([long, 'https://docs.example.org/short', hugeHost])];
      const base = row(a, 'claude', '2026-06-01T10:00:00.000Z', { project_id: a.project_id, runs: 1, check_id: 'chk_LONGURL000000001' });
      await store.appendResult({ ...base, tally: rowTally(base, runs) }, runs);
      await reopen();
      const [docs] = await store.sourceTallies([PROJECT], { since: '2026-06-01', until: '2026-06-30' }, undefined, 5);
      expect(docs).toMatchObject({ domain: 'example.org', citations: 2, runs: 1 });
      expect(await store.sourceTallies([PROJECT], { since: '2026-06-01', until: '2026-06-30' }, undefined, 5)).toHaveLength(1);
      const stored = (await store.listResults(ACCOUNT, { limit: 10, history: true })).rows;
      expect((await store.runsOf(stored))[0]![0]!.cited_urls).toContain(hugeHost);
      const short = 'https://docs.example.org/short';
      expect(docs!.top_urls).toEqual([long, short].sort().map((url) => ({ url, citations: 1 }))); // a tie: by URL
    });

    it('a prompt alone, from its rows', async () => {
      await seed();
      const tallies = await store.promptDayTallies(ACCOUNT, a.id, { since: '2026-02-01', until: '2026-02-15' });
      expect(tallies.map((t) => [t.day, t.engine, t.runs]).sort()).toEqual([
        ['2026-02-01', 'chatgpt', 2],
        ['2026-02-15', 'chatgpt', 2],
        ['2026-02-15', 'perplexity', 2],
      ]);
      expect(await store.promptDayTallies(ACCOUNT, a.id, { since: '2026-02-01', until: '2026-02-15' }, 'perplexity')).toHaveLength(1);
    });

    it('deleting a prompt takes its rows out of the rollups, for good; deleting the project drops the scope', async () => {
      await seed();
      expect(await store.deletePrompt(ACCOUNT, a.id)).toBe(true);
      const window = { since: '2026-01-01', until: '2026-03-31' };
      const runs = async () => (await store.dayTallies([PROJECT], window)).reduce((s, t) => s + t.runs, 0);
      expect(await runs()).toBe(10);
      await reopen();
      expect(await runs()).toBe(10);
      const day = (await store.dayTallies([PROJECT], window)).find((t) => t.day === '2026-02-15' && t.engine === 'chatgpt');
      expect(day).toMatchObject({ runs: 2, competitors: { Globex: 2 } });
      expect((await store.sourceTallies([PROJECT], window, undefined, 10))[0]).toMatchObject({
        domain: 'acme.com',
        citations: 15,
        engines: ['chatgpt'],
      });
      expect(await store.deleteProjectPrompts(ACCOUNT, PROJECT)).toBe(1);
      expect(await runs()).toBe(0);
      expect(await store.sourceTallies([PROJECT], window, undefined, 10)).toEqual([]);
      expect(await store.listPrompts(ACCOUNT)).toEqual([]);
    });

    it('runs read back for the rows of a history listing; a row stored without runs has none', async () => {
      await store.createPrompt(a, 10);
      const { row: r, runs } = twoRuns(a, 'claude', '2026-02-01');
      await store.appendResult(r, runs);
      await store.appendResult(row(a, 'gemini', '2026-02-02T00:00:00.000Z', { check_id: 'chk_BBBBBBBBBBBBBBBB' }));
      await reopen();
      const page = await store.listResults(ACCOUNT, { limit: 10, history: true });
      const read = await store.runsOf(page.rows);
      expect(page.rows.map((x) => x.engine)).toEqual(['gemini', 'claude']);
      expect(read[0]).toEqual([]);
      expect(read[1]).toEqual(runs);
      expect(page.rows[1]).toMatchObject({ mentioned_runs: 2, competitors: [{ name: 'Globex', visible_runs: 2 }] });
    });
  });
}
