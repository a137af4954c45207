import { describe, expect, it } from 'vitest';
import { renderingRules } from '../../../shared/rules/rendering/index.js';
import { contentStructureRules } from '../../../shared/rules/content-structure/index.js';
import { trustRules } from '../../../shared/rules/trust/index.js';
import type { Audit, Snapshot } from '../../../shared/types/index.js';
import { auditWith, categoryScore } from '../rule-tester.js';
import { snapshot } from '../../helpers/snapshot.js';
import { SPA_SHELL, wellMadeArticleSnapshot } from '../pages.js';

const rules = [...renderingRules, ...contentStructureRules, ...trustRules];
const audit = (snap: Snapshot): Audit => auditWith(rules, snap);
const scoreOf = categoryScore;

describe('category scores through auditSnapshot', () => {
  it('a well-made, server-rendered article scores at least 95 in Rendering, Content Structure and Trust', () => {
    const a = audit(wellMadeArticleSnapshot());
    expect(a.issues.filter((i) => i.severity !== 'notice')).toEqual([]);
    expect(scoreOf(a, 'Rendering')).toBeGreaterThanOrEqual(95);
    expect(scoreOf(a, 'Content Structure')).toBeGreaterThanOrEqual(95);
    expect(scoreOf(a, 'Trust')).toBeGreaterThanOrEqual(95);
  });

  it('an SPA shell gets the one critical Rendering issue, Rendering 0 and an overall score of at most 49', () => {
    const a = audit(snapshot(SPA_SHELL));
    const critical = a.issues.filter((i) => i.severity === 'critical');
    expect(critical.map((i) => i.rule)).toEqual(['rendering.no-content-without-js']);
    expect(critical[0]!.detail).toMatch(/0 words/);
    expect(critical[0]!.detail).toMatch(/id="root"/);
    expect(a.issues[0]!.rule).toBe('rendering.no-content-without-js');
    // No other Rendering issue repeats the same root cause.
    expect(a.issues.filter((i) => i.category === 'Rendering')).toHaveLength(1);
    expect(scoreOf(a, 'Rendering')).toBe(0);
    expect(scoreOf(a, 'Content Structure')).toBeLessThan(50);
    expect(a.score).toBeLessThanOrEqual(49);
  });
});
