import { describe, expect, it } from 'vitest';
import { DailyBudget, MemoryTally } from '../../../server/citations/check/daily-budget.js';
import { EngineError } from '../../../server/citations/engines/engine-error.js';

const LIMITS = { chatgpt: 3, perplexity: 3, gemini: 3, claude: 3, google_ai_overviews: 3, google_ai_mode: 3 };

describe('DailyBudget', () => {
  it('allows the limit per engine per UTC day, then refuses with a budget error', async () => {
    let now = new Date('2026-09-01T23:59:00Z');
    const budget = new DailyBudget(LIMITS, () => now);
    for (let i = 0; i < 3; i++) await budget.take('chatgpt');
    const refused = await budget.take('chatgpt').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EngineError);
    expect((refused as EngineError).kind).toBe('budget');
    await budget.take('claude'); // another engine has its own allowance
    now = new Date('2026-09-02T00:00:01Z');
    await budget.take('chatgpt'); // a new day
    expect(await budget.used('chatgpt')).toBe(1);
  });

  it('seeds a day once from what was already spent, even when the first takes race', async () => {
    let seeds = 0;
    const budget = new DailyBudget(
      LIMITS,
      () => new Date('2026-09-01T10:00:00Z'),
      async () => {
        seeds++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 1;
      },
    );
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => budget.take('gemini')));
    expect(seeds).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2); // 1 spent before + 2 = the limit of 3
    expect(await budget.used('gemini')).toBe(6); // every attempt counted, the refused ones too
  });

  it('two budgets on one tally share the allowance (what Redis gives several processes)', async () => {
    const tally = new MemoryTally();
    const now = () => new Date('2026-09-01T10:00:00Z');
    const a = new DailyBudget(LIMITS, now, async () => 0, tally);
    const b = new DailyBudget(LIMITS, now, async () => 0, tally);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => [a, b][i % 2]!.take('perplexity')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });
});
