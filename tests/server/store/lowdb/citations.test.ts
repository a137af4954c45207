/** What only the journaled (lowdb) citation store does; the behaviour every store shares is in ../contracts/citations.ts. */
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbCitationStore } from '../../../../server/store/lowdb/citations.js';
import { ACCOUNT, prompt, row } from '../contracts/citations-rows.js';

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
});
