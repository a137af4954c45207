import { describe, expect, it } from 'vitest';
import { aggregateRuns, type RunOutcome } from '../../../server/citations/check/aggregate-runs.js';

const answer = (
  cited: boolean,
  position: number | null,
  urls: string[] = [],
  status: 'ok' | 'no_search' | 'no_ai_overview' = 'ok',
): RunOutcome => ({
  kind: 'answer',
  status,
  score: { cited, position, citedUrls: urls, retrieved: cited, unresolved: 0 },
});

describe('several runs make one row', () => {
  it('counts answered and cited runs; cited means at least one; the best position wins', () => {
    const row = aggregateRuns([
      answer(false, null),
      answer(true, 3, ['https://acme.com/a']),
      answer(true, 1, ['https://acme.com/b', 'https://acme.com/a']),
    ]);
    expect(row).toMatchObject({ status: 'ok', cited: true, runs: 3, cited_runs: 2, failed_runs: 0, position: 1 });
    expect(row.cited_urls).toEqual(['https://acme.com/a', 'https://acme.com/b']);
    expect(row.error).toBeUndefined();
  });

  it('failed runs are not answers: they are counted apart and do not make the row an error while one run answered', () => {
    const row = aggregateRuns([{ kind: 'failed', reason: 'OpenAI server error (HTTP 500)' }, answer(false, null)]);
    expect(row).toMatchObject({ status: 'ok', cited: false, runs: 1, failed_runs: 1 });
    expect(row.error).toBeUndefined();
  });

  it('every run failed: error with the first reason', () => {
    const row = aggregateRuns([
      { kind: 'failed', reason: 'first' },
      { kind: 'failed', reason: 'second' },
    ]);
    expect(row).toMatchObject({ status: 'error', error: 'first', cited: false, runs: 0, failed_runs: 2, position: null });
  });

  it('searched in one run and not in another is ok; never searching is no_search', () => {
    expect(aggregateRuns([answer(false, null, [], 'no_search'), answer(false, null)]).status).toBe('ok');
    expect(aggregateRuns([answer(false, null, [], 'no_search'), answer(false, null, [], 'no_search')]).status).toBe('no_search');
    expect(aggregateRuns([answer(false, null, [], 'no_ai_overview')]).status).toBe('no_ai_overview');
  });
});
