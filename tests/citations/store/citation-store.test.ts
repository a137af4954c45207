import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import { LowdbCitationStore } from '../../../server/store/citations-lowdb.js';
import type { StoredCitationRow, StoredPrompt } from '../../../server/store/citations-store.js';

const ACCOUNT = 'acct_AAAAAAAAAAAA';
const OTHER = 'acct_BBBBBBBBBBBB';

function prompt(n: number, account = ACCOUNT, domain = 'acme.com'): StoredPrompt {
  return {
    id: `prm_${String(n).padStart(16, '0')}`,
    account_id: account,
    text: `prompt ${n}`,
    domain,
    aliases: [],
    runs: null,
    created_at: new Date(Date.UTC(2026, 8, 1, 0, n)).toISOString(),
  };
}

function row(p: StoredPrompt, engine: CitationEngineId, at: string, extra: Partial<StoredCitationRow> = {}): StoredCitationRow {
  return {
    account_id: p.account_id,
    prompt: p.text,
    engine,
    cited: false,
    checked_at: at,
    prompt_id: p.id,
    domain: p.domain,
    status: 'ok',
    cited_urls: [],
    position: null,
    runs: 1,
    cited_runs: 0,
    failed_runs: 0,
    retrieved: false,
    unresolved_citations: 0,
    model: null,
    check_id: 'chk_AAAAAAAAAAAAAAAA',
    calls: 1,
    ...extra,
  };
}

describe('the citation store (journals under DATA_DIR/citations)', () => {
  let dir: string;
  let store: LowdbCitationStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-citations-'));
    store = await LowdbCitationStore.open(dir);
  });
  afterEach(async () => {
    await store.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  const reopen = async () => {
    await store.close();
    store = await LowdbCitationStore.open(dir);
  };

  it('keeps prompts, deletions, rows and checks across a reopen', async () => {
    const [a, b] = [prompt(1), prompt(2)];
    expect(await store.createPrompt(a, 10)).toEqual({ outcome: 'created' });
    expect(await store.createPrompt(b, 10)).toEqual({ outcome: 'created' });
    await store.appendResult(row(a, 'chatgpt', '2026-09-01T10:00:00.000Z', { calls: 2 }));
    await store.appendResult(row(a, 'chatgpt', '2026-09-02T10:00:00.000Z', { cited: true }));
    expect(await store.deletePrompt(ACCOUNT, b.id)).toBe(true);
    await store.putCheck({ id: 'chk_1', account_id: ACCOUNT, trigger: 'manual', status: 'running', created_at: a.created_at, finished_at: null, pairs: [], prompt_count: 1, skipped_prompts: 0 });
    await reopen();
    expect((await store.listPrompts(ACCOUNT)).map((p) => p.id)).toEqual([a.id]);
    expect((await store.latestResults(a.id)).chatgpt?.cited).toBe(true);
    expect(await store.requestsOn('chatgpt', '2026-09-01')).toBe(2);
    expect(await store.resultCount('chk_AAAAAAAAAAAAAAAA')).toBe(2);
    expect((await store.unfinishedChecks()).map((c) => c.id)).toEqual(['chk_1']);
  });

  it('appends one line per row: an earlier line is never rewritten', async () => {
    const a = prompt(1);
    await store.createPrompt(a, 10);
    await store.appendResult(row(a, 'gemini', '2026-09-01T10:00:00.000Z'));
    const before = await readFile(path.join(dir, 'citations', 'results.journal'), 'utf8');
    await store.appendResult(row(a, 'gemini', '2026-09-02T10:00:00.000Z'));
    const after = await readFile(path.join(dir, 'citations', 'results.journal'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('drops a torn last line (a crash mid-append) and keeps writing cleanly after it', async () => {
    const a = prompt(1);
    await store.createPrompt(a, 10);
    await store.appendResult(row(a, 'claude', '2026-09-01T10:00:00.000Z'));
    await store.close();
    await appendFile(path.join(dir, 'citations', 'results.journal'), '{"account_id":"acct_AAAA');
    const dropped: number[] = [];
    store = await LowdbCitationStore.open(dir, { onDroppedLines: (_file, n) => dropped.push(n) });
    expect(dropped).toEqual([1]);
    await store.appendResult(row(a, 'claude', '2026-09-02T10:00:00.000Z', { cited: true }));
    await reopen();
    const page = await store.listResults(ACCOUNT, { limit: 10, history: true });
    expect(page.rows.map((r) => r.cited)).toEqual([true, false]);
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
          for (const engine of ['chatgpt', 'gemini'] as const) await store.appendResult(row(p, engine, `2026-09-${day}T10:00:00.000Z`, { runs: Number(day) }));
        }
      }
    });

    it('defaults to the latest row per (prompt, engine): prompts oldest first, engines in contract order', async () => {
      const page = await store.listResults(ACCOUNT, { limit: 10, history: false });
      expect(page.rows.map((r) => `${r.prompt_id.slice(-1)}:${r.engine}:${r.runs}`)).toEqual(['1:chatgpt:3', '1:gemini:3', '2:chatgpt:3', '2:gemini:3']);
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
});
