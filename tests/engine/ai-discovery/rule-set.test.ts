import { describe, expect, test } from 'vitest';
import { aiDiscoveryRules } from '../../../shared/rules/ai-discovery/index.js';
import { judge, NOT_APPLICABLE } from '../rule-tester.js';
import { ARTICLE_URL, wellMadeSite } from './well-made-site.js';

describe('the AI Discovery rule set', () => {
  test('has at least 7 scored rules, unique ids, all in the category, none critical, informational ones only notices', () => {
    expect(aiDiscoveryRules.filter((r) => r.weight > 0).length).toBeGreaterThanOrEqual(7);
    expect(new Set(aiDiscoveryRules.map((r) => r.id)).size).toBe(aiDiscoveryRules.length);
    for (const r of aiDiscoveryRules) {
      expect(r.category).toBe('AI Discovery');
      expect(r.severity).not.toBe('critical');
      expect(r.weight).toBeGreaterThanOrEqual(0);
      if (r.weight === 0) expect(r.severity, r.id).toBe('notice');
    }
  });

  test('on the well-made site every scored rule passes, and no informational one raises an issue', () => {
    for (const r of aiDiscoveryRules) {
      const result = judge(r, wellMadeSite());
      if (r.weight > 0) expect(result, r.id).toEqual({ score: 1 });
      else expect([NOT_APPLICABLE, 1], r.id).toContain(result === NOT_APPLICABLE ? result : result.score);
    }
  });
});

describe('well-made site fixture sanity', () => {
  test('is the article URL', () => {
    expect(wellMadeSite().page.finalUrl).toBe(ARTICLE_URL);
  });
});
