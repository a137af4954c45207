/** docs/api-decisions.md#audit-object and docs/api-decisions.md#what-audits-could-not-judge in scoreRules and auditSnapshot: applicable categories, rule errors, the cap. */
import { describe, expect, it } from 'vitest';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { defineRule, fail, notApplicable, partial, pass, type Rule, type RuleResult } from '../../../shared/judge/rule.js';
import { byRuleId, scoreRules, type JudgedRule } from '../../../shared/score/score.js';
import { ALL_RULES } from '../../../shared/rules/index.js';
import type { CategoryName, Severity } from '../../../shared/types/audit.js';
import { snapshot } from '../../helpers/snapshot.js';

const rule = (id: string, category: CategoryName, weight: number, result: () => RuleResult, severity: Severity = 'warning'): Rule =>
  defineRule({ id, category, weight, severity, title: id, description: id, fix: id, check: result });
const judged = (...rules: Rule[]) => rules.map((r): JudgedRule => ({ rule: r, result: r.check(null as never) }));
const category = (s: ReturnType<typeof scoreRules>, name: CategoryName) => s.category_scores.find((c) => c.name === name)!;

describe('category_scores[].applicable', () => {
  it('a category where no rule applied is not applicable and leaves the overall mean', () => {
    const s = scoreRules(
      judged(
        rule('a.x', 'Crawler Access', 10, () => partial(0.6, 'x')),
        rule('b.x', 'Trust', 5, notApplicable),
      ),
    );
    expect(category(s, 'Crawler Access')).toEqual({ name: 'Crawler Access', score: 60, applicable: true });
    expect(category(s, 'Trust')).toEqual({ name: 'Trust', score: 100, applicable: false });
    // Only Crawler Access counts: 60, not a mean pulled up by five unjudged 100s.
    expect(s.score).toBe(60);
  });

  it('informational rules alone (weight 0) do not make a category applicable', () => {
    const s = scoreRules(
      judged(
        rule('a.x', 'Crawler Access', 0, () => fail('x'), 'notice'),
        rule('b.x', 'Trust', 4, pass),
      ),
    );
    expect(category(s, 'Crawler Access').applicable).toBe(false);
    expect(s.issues.map((i) => i.rule)).toEqual(['a.x']);
    expect(s.score).toBe(100);
  });

  it('weights the applicable categories by their contract weights', () => {
    // Rendering (20) at 0 and Trust (10) at 100: (0·20 + 100·10) / 30 = 33.
    const s = scoreRules(
      judged(
        rule('a.x', 'Rendering', 3, () => fail('x')),
        rule('b.x', 'Trust', 3, pass),
      ),
    );
    expect(s.score).toBe(33);
  });

  it('scores 0 when no category applied: nothing judged earns nothing', () => {
    const s = scoreRules(judged(rule('a.x', 'Rendering', 3, notApplicable)));
    expect(s.category_scores.every((c) => !c.applicable && c.score === 100)).toBe(true);
    expect(s.score).toBe(0);
    expect(s.score_cap).toBeNull();
  });
});

describe('score_cap', () => {
  const critical = (id: string) => rule(id, 'Rendering', 1, () => fail('blocked'), 'critical');

  it('explains the cap when a critical issue lowered the score', () => {
    const s = scoreRules(judged(rule('a.x', 'Rendering', 100, pass), critical('c.one')));
    expect(s.score).toBe(49);
    expect(s.score_cap).toEqual({ max: 49, reason: '1 critical issue' });
    const two = scoreRules(judged(rule('a.x', 'Rendering', 100, pass), critical('c.one'), critical('c.two')));
    expect(two.score_cap).toEqual({ max: 49, reason: '2 critical issues' });
  });

  it('is null when the score is at or below the cap anyway, and when nothing is critical', () => {
    const low = scoreRules(
      judged(
        rule('a.x', 'Rendering', 99, () => partial(0.3, 'x')),
        critical('c.one'),
      ),
    );
    expect(low.score).toBe(30);
    expect(low.score_cap).toBeNull();
    const clean = scoreRules(judged(rule('a.x', 'Crawler Access', 1, () => partial(0.7, 'x'))));
    expect(clean).toMatchObject({ score: 70, score_cap: null });
  });
});

describe('rule_errors', () => {
  const throwing = rule('content.throws', 'Content Structure', 5, () => {
    throw new RangeError('outline too deep');
  });
  const passing = rule('content.passes', 'Content Structure', 5, pass);
  const audit = (rules: Rule[], onRuleError?: (rule: Rule, error: unknown) => void) =>
    auditSnapshot(snapshot('<html><body><p>x</p></body></html>'), { id: 't', rules, ...(onRuleError ? { onRuleError } : {}) });

  it('records a rule that throws, tells the host, and raises no issue', () => {
    const seen: string[] = [];
    const a = audit([passing, throwing], (r, e) => seen.push(`${r.id}: ${(e as Error).message}`));
    expect(a.rule_errors).toEqual([{ rule: 'content.throws', message: 'RangeError: outline too deep' }]);
    expect(seen).toEqual(['content.throws: outline too deep']);
    expect(a.issues).toEqual([]);
  });

  it('never raises the score: the crashed rule counts as a zero, not as not applicable', () => {
    const crashed = audit([passing, throwing]);
    const notApplicableInstead = audit([passing, rule('content.throws', 'Content Structure', 5, notApplicable)]);
    const failedInstead = audit([passing, rule('content.throws', 'Content Structure', 5, () => fail('x'))]);
    const contentOf = (a: typeof crashed) => a.category_scores.find((c) => c.name === 'Content Structure')!;
    expect(contentOf(notApplicableInstead).score).toBe(100);
    expect(contentOf(crashed)).toEqual({ name: 'Content Structure', score: 50, applicable: true });
    expect(crashed.score).toBe(failedInstead.score);
    expect(crashed.score).toBeLessThan(notApplicableInstead.score);
  });

  it('a category whose only rule crashed is applicable (scored 0), not "n/a"', () => {
    const a = audit([throwing]);
    expect(a.category_scores.find((c) => c.name === 'Content Structure')).toEqual({
      name: 'Content Structure',
      score: 0,
      applicable: true,
    });
  });

  it('is empty when every rule ran, and survives a thrown value that cannot be printed', () => {
    expect(audit([passing]).rule_errors).toEqual([]);
    const hostile = rule('content.hostile', 'Trust', 1, () => {
      throw {
        toString: () => {
          throw new Error('no');
        },
      };
    });
    expect(audit([hostile]).rule_errors).toEqual([{ rule: 'content.hostile', message: 'the rule threw a value that cannot be described' }]);
  });

  it('cuts a long message', () => {
    const long = rule('content.long', 'Trust', 1, () => {
      throw new Error('x'.repeat(5_000));
    });
    const [error] = audit([long]).rule_errors;
    expect(error!.message).toHaveLength(500);
    expect(error!.message.endsWith('…')).toBe(true);
  });
});

describe('issue order among equals', () => {
  it('orders every rule id as localeCompare does, with no collator', () => {
    const ids = ALL_RULES.map((rule) => rule.id);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9.-]+$/);
    const byCollator = [...ids].sort((a, b) => a.localeCompare(b));
    const byCodeUnit = [...ids].sort(byRuleId);
    expect(byCodeUnit).toEqual(byCollator);
    // Reversed input: the comparator decides the order, not the order it was given.
    expect([...ids].reverse().sort(byRuleId)).toEqual(byCollator);
    expect(byRuleId('content.a', 'content.a')).toBe(0);
  });
});
