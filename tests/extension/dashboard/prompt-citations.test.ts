import { describe, expect, it } from 'vitest';
import type { CitationResult } from '../../../extension/lib/api/types.js';
import { checkProgress, presenceOf, resultsByPrompt } from '../../../extension/lib/dashboard/prompt-citations.js';

function row(change: Partial<CitationResult>): CitationResult {
  return {
    prompt: 'best crm',
    engine: 'chatgpt',
    cited: false,
    checked_at: '2026-11-28T10:00:00.000Z',
    prompt_id: 'prm_AAAAAAAAAAAAAAAA',
    domain: 'acme.com',
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
    project_id: 'prj_AAAAAAAAAAAAAAAA',
    mentioned: false,
    mentioned_runs: 0,
    visible_runs: 0,
    search_queries: [],
    competitors: [],
    surface: 'api',
    ...change,
  } as CitationResult;
}

describe('where each engine puts the client per prompt', () => {
  it('cited beats mentioned beats absent; an engine without runs, failed or not set up says which', () => {
    expect(presenceOf(row({ cited: true, mentioned: true }))).toBe('cited');
    expect(presenceOf(row({ mentioned: true }))).toBe('mentioned');
    expect(presenceOf(row({}))).toBe('absent');
    expect(presenceOf(row({ status: 'error', runs: 0 }))).toBe('failed');
    expect(presenceOf(row({ status: 'not_configured', runs: 0 }))).toBe('not-set-up');
    expect(presenceOf(row({ runs: 0 }))).toBe('no-answer');
  });

  it('groups rows by prompt with the cited URL, its position and the competitors seen instead', () => {
    const grid = resultsByPrompt([
      row({ cited: true, cited_urls: ['https://acme.com/pricing', 'https://acme.com/'], position: 2 }),
      row({
        engine: 'perplexity',
        competitors: [
          { name: 'Globex', mentioned_runs: 0, cited_runs: 1, visible_runs: 1 },
          { name: 'Initech', mentioned_runs: 0, cited_runs: 0, visible_runs: 0 },
        ],
      }),
      row({ prompt_id: 'prm_BBBBBBBBBBBBBBBB', engine: 'claude', mentioned: true }),
      row({ engine: 'chatgpt', cited: false }), // an older row of the same pair: the first one listed wins
    ]);
    expect(grid.get('prm_AAAAAAAAAAAAAAAA')).toEqual([
      {
        engine: 'chatgpt',
        presence: 'cited',
        url: 'https://acme.com/pricing',
        position: 2,
        competitors: [],
        checkedAt: '2026-11-28T10:00:00.000Z',
      },
      {
        engine: 'perplexity',
        presence: 'absent',
        url: null,
        position: null,
        competitors: ['Globex'],
        checkedAt: '2026-11-28T10:00:00.000Z',
      },
    ]);
    expect(grid.get('prm_BBBBBBBBBBBBBBBB')?.map((r) => r.presence)).toEqual(['mentioned']);
  });

  it('a check’s progress is rows stored of rows planned', () => {
    expect(checkProgress({ status: 'running', result_count: 3, pair_count: 10 })).toEqual({ done: 3, total: 10, running: true });
    expect(checkProgress({ status: 'completed', result_count: 10, pair_count: 10 })).toEqual({ done: 10, total: 10, running: false });
  });
});
