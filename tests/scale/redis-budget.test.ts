/**
 * The daily citation budget counted in a real Redis (REDIS_URL): budgets of two processes (two tallies,
 * two connections) share one allowance, seeded once from what stored rows already spent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyBudget } from '../../server/citations/check/daily-budget.js';
import { createRedisBudgetTally } from '../../server/citations/queue/redis-budget-tally.js';
import { servicesAvailable, startRedis, type RedisServer } from '../helpers/services/index.js';

const LIMITS = { chatgpt: 10, perplexity: 10, gemini: 10, claude: 10, google_ai_overviews: 10, google_ai_mode: 10 };

describe.runIf(servicesAvailable('redis'))('the daily citation budget in Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);
  afterAll(() => redis?.stop());

  it('two processes spend one budget: of 30 parallel requests, exactly the allowance left gets through', async () => {
    const tallies = [createRedisBudgetTally(redis.url), createRedisBudgetTally(redis.url)];
    let seeds = 0;
    const now = () => new Date('2026-09-01T10:00:00Z');
    const spentBefore = async () => {
      seeds++;
      return 4; // rows already stored today
    };
    const budgets = tallies.map((t) => new DailyBudget(LIMITS, now, spentBefore, t));
    try {
      const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => budgets[i % 2]!.take('claude')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
      expect(seeds).toBeGreaterThanOrEqual(1);
      expect(await budgets[1]!.used('claude')).toBe(4 + 30);
      await budgets[0]!.take('gemini'); // another engine, its own key
      expect(await budgets[1]!.used('gemini')).toBe(5);
    } finally {
      await Promise.all(tallies.map((t) => t.close()));
    }
  });
});
