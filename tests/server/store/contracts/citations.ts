/**
 * What every CitationStore does (server/store/contracts/citations.ts), whatever holds the data: prompts
 * with their limit and duplicates, result history and latest rows, listings with cursors and filters,
 * checks, reopening. Run against lowdb and PostgreSQL by citations.test.ts (registry.ts); the journals'
 * own behaviour (append-only lines, torn tails) is tested in ../lowdb/citations.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { CitationStore, StoredCheck } from '../../../../server/store/contracts/citations.js';
import { storePerTest, type StoreSubject } from '../subjects.js';
import { ACCOUNT, OTHER, prompt, row } from './citations-rows.js';

export function describeCitationStoreContract(subject: StoreSubject): void {
  describe(`CitationStore contract: ${subject.name}`, () => {
    let store: CitationStore;
    const { reopen } = storePerTest(subject, async (owner) => {
      store = await owner.citations();
    });

    it('keeps prompts, deletions, rows and checks across a reopen', async () => {
      const [a, b] = [prompt(1), prompt(2)];
      expect(await store.createPrompt(a, 10)).toEqual({ outcome: 'created' });
      expect(await store.createPrompt(b, 10)).toEqual({ outcome: 'created' });
      await store.appendResult(row(a, 'chatgpt', '2026-09-01T10:00:00.000Z', { calls: 2 }));
      await store.appendResult(row(a, 'chatgpt', '2026-09-02T10:00:00.000Z', { cited: true }));
      expect(await store.deletePrompt(ACCOUNT, b.id)).toBe(true);
      await store.putCheck({
        id: 'chk_1',
        account_id: ACCOUNT,
        trigger: 'manual',
        status: 'running',
        created_at: a.created_at,
        finished_at: null,
        pairs: [],
        prompt_count: 1,
        skipped_prompts: 0,
      });
      await reopen();
      expect((await store.listPrompts(ACCOUNT)).map((p) => p.id)).toEqual([a.id]);
      expect((await store.latestResults(a.id)).chatgpt?.cited).toBe(true);
      expect(await store.requestsOn('chatgpt', '2026-09-01')).toBe(2);
      expect(await store.resultCount('chk_AAAAAAAAAAAAAAAA')).toBe(2);
      expect((await store.unfinishedChecks()).map((c) => c.id)).toEqual(['chk_1']);
    });

    it('enforces the per-account prompt limit and refuses the same text for the same domain', async () => {
      expect((await store.createPrompt(prompt(1), 2)).outcome).toBe('created');
      expect((await store.createPrompt({ ...prompt(2), text: 'prompt 1' }, 2)).outcome).toBe('duplicate');
      expect((await store.createPrompt({ ...prompt(3), text: 'prompt 1', domain: 'other.com' }, 2)).outcome).toBe('created');
      expect((await store.createPrompt(prompt(4), 2)).outcome).toBe('limit');
      expect((await store.createPrompt(prompt(5, OTHER), 2)).outcome).toBe('created');
      const parallel = await Promise.all([6, 7, 8].map((n) => store.createPrompt(prompt(n, 'acct_CCCCCCCCCCCC'), 2)));
      expect(parallel.map((p) => p.outcome).sort()).toEqual(['created', 'created', 'limit']);
    });

    it('keeps accounts apart', async () => {
      const mine = prompt(1);
      await store.createPrompt(mine, 10);
      expect(await store.getPrompt(OTHER, mine.id)).toBeNull();
      expect(await store.deletePrompt(OTHER, mine.id)).toBe(false);
      await store.appendResult(row(mine, 'chatgpt', '2026-09-01T10:00:00.000Z'));
      expect((await store.listResults(OTHER, { limit: 10, history: false })).rows).toEqual([]);
      expect((await store.listResults(OTHER, { limit: 10, history: true })).rows).toEqual([]);
    });

    describe('listing', () => {
      const [p1, p2] = [prompt(1), prompt(2, ACCOUNT, 'beta.org')];
      beforeEach(async () => {
        await store.createPrompt(p1, 10);
        await store.createPrompt(p2, 10);
        for (const day of ['01', '02', '03']) {
          for (const p of [p1, p2]) {
            for (const engine of ['chatgpt', 'gemini'] as const)
              await store.appendResult(row(p, engine, `2026-09-${day}T10:00:00.000Z`, { runs: Number(day) }));
          }
        }
      });

      it('defaults to the latest row per (prompt, engine): prompts oldest first, engines in contract order', async () => {
        const page = await store.listResults(ACCOUNT, { limit: 10, history: false });
        expect(page.rows.map((r) => `${r.prompt_id.slice(-1)}:${r.engine}:${r.runs}`)).toEqual([
          '1:chatgpt:3',
          '1:gemini:3',
          '2:chatgpt:3',
          '2:gemini:3',
        ]);
        expect(page.next).toBeNull();
      });

      it('pages the latest rows with a cursor, without gaps or repeats', async () => {
        const first = await store.listResults(ACCOUNT, { limit: 3, history: false });
        expect(first.rows).toHaveLength(3);
        const second = await store.listResults(ACCOUNT, { limit: 3, history: false, after: first.next! });
        expect(second.rows).toHaveLength(1);
        expect(second.next).toBeNull();
        expect([...first.rows, ...second.rows].map((r) => `${r.prompt_id}:${r.engine}`)).toHaveLength(4);
        expect(second.rows[0]).toMatchObject({ prompt_id: p2.id, engine: 'gemini' });
      });

      it('history lists every row newest first and pages it', async () => {
        const seen: string[] = [];
        let after;
        do {
          const page: Awaited<ReturnType<typeof store.listResults>> = await store.listResults(ACCOUNT, { limit: 5, history: true, after });
          seen.push(...page.rows.map((r) => `${r.checked_at.slice(8, 10)}:${r.prompt_id.slice(-1)}:${r.engine}`));
          after = page.next ?? undefined;
        } while (after);
        expect(seen).toHaveLength(12);
        expect(seen[0]).toBe('03:2:gemini');
        expect(seen.at(-1)).toBe('01:1:chatgpt');
        expect(new Set(seen).size).toBe(12);
      });

      it('filters by engine, prompt, domain and since', async () => {
        const byEngine = await store.listResults(ACCOUNT, { limit: 50, history: true, engine: 'gemini' });
        expect(byEngine.rows.every((r) => r.engine === 'gemini')).toBe(true);
        expect(byEngine.rows).toHaveLength(6);
        const byPrompt = await store.listResults(ACCOUNT, { limit: 50, history: false, promptId: p2.id });
        expect(byPrompt.rows.map((r) => r.engine)).toEqual(['chatgpt', 'gemini']);
        const byDomain = await store.listResults(ACCOUNT, { limit: 50, history: true, domain: 'beta.org' });
        expect(byDomain.rows.every((r) => r.prompt_id === p2.id)).toBe(true);
        const since = await store.listResults(ACCOUNT, { limit: 50, history: true, since: Date.parse('2026-09-02T00:00:00Z') });
        expect(since.rows).toHaveLength(8);
        const none = await store.listResults(ACCOUNT, { limit: 50, history: false, since: Date.parse('2026-09-04T00:00:00Z') });
        expect(none.rows).toEqual([]);
      });

      it('a deleted prompt leaves every listing', async () => {
        await store.deletePrompt(ACCOUNT, p1.id);
        expect((await store.listResults(ACCOUNT, { limit: 50, history: true })).rows.every((r) => r.prompt_id === p2.id)).toBe(true);
        expect((await store.listResults(ACCOUNT, { limit: 50, history: false })).rows).toHaveLength(2);
      });
    });

    it('a duplicate names the prompt already stored; a deleted prompt is gone for its account and frees its place', async () => {
      const a = prompt(1);
      await store.createPrompt(a, 2);
      expect(await store.createPrompt({ ...prompt(2), text: a.text }, 2)).toEqual({ outcome: 'duplicate', existing: a });
      expect(await store.getPrompt(ACCOUNT, a.id)).toEqual(a);
      expect(await store.deletePrompt(ACCOUNT, a.id)).toBe(true);
      expect(await store.deletePrompt(ACCOUNT, a.id)).toBe(false);
      expect(await store.getPrompt(ACCOUNT, a.id)).toBeNull();
      expect((await store.createPrompt({ ...prompt(3), text: a.text }, 1)).outcome).toBe('created');
      const b = prompt(4, OTHER);
      await store.createPrompt(b, 2);
      expect((await store.allPrompts()).map((p) => p.id)).toEqual([prompt(3).id, b.id]);
    });

    it('the latest row of a pair is the newest checked_at, even when an older row is stored after it', async () => {
      const a = prompt(1);
      await store.createPrompt(a, 10);
      await store.appendResult(row(a, 'claude', '2026-09-02T10:00:00.000Z', { cited: true, calls: 3 }));
      await store.appendResult(row(a, 'claude', '2026-09-01T10:00:00.000Z', { calls: 2, check_id: 'chk_BBBBBBBBBBBBBBBB' }));
      await store.appendResult(row(a, 'perplexity', '2026-09-01T23:59:59.999Z', { calls: 5 }));
      const latest = await store.latestResults(a.id);
      expect(Object.keys(latest).sort()).toEqual(['claude', 'perplexity']);
      expect(latest.claude).toEqual(row(a, 'claude', '2026-09-02T10:00:00.000Z', { cited: true, calls: 3 }));
      expect(await store.requestsOn('claude', '2026-09-01')).toBe(2);
      expect(await store.requestsOn('claude', '2026-09-02')).toBe(3);
      expect(await store.requestsOn('perplexity', '2026-09-01')).toBe(5);
      expect(await store.requestsOn('gemini', '2026-09-01')).toBe(0);
      expect(await store.resultCount('chk_BBBBBBBBBBBBBBBB')).toBe(1);
      expect(await store.resultCount('chk_nothing')).toBe(0);
      expect(await store.latestResults('prm_0000000000000099')).toEqual({});
    });

    it('checks: the latest state wins, only running ones are unfinished, in the order they began', async () => {
      const check = (id: string, status: StoredCheck['status']): StoredCheck => ({
        id,
        account_id: null,
        trigger: 'schedule',
        status,
        created_at: '2026-09-01T10:00:00.000Z',
        finished_at: status === 'running' ? null : '2026-09-01T10:05:00.000Z',
        pairs: [{ prompt_id: prompt(1).id, engine: 'chatgpt' }],
        prompt_count: 1,
        skipped_prompts: 0,
      });
      await store.putCheck(check('chk_1', 'running'));
      await store.putCheck(check('chk_2', 'running'));
      await store.putCheck(check('chk_3', 'running'));
      await store.putCheck(check('chk_2', 'completed'));
      await store.putCheck({ ...check('chk_3', 'failed'), error: '1 result rows could not be stored' });
      expect(await store.getCheck('chk_2')).toEqual(check('chk_2', 'completed'));
      expect((await store.getCheck('chk_3'))?.error).toBe('1 result rows could not be stored');
      expect(await store.getCheck('chk_none')).toBeNull();
      await store.putCheck(check('chk_0', 'running'));
      await reopen();
      expect((await store.unfinishedChecks()).map((c) => c.id)).toEqual(['chk_1', 'chk_0']);
    });
  });
}
