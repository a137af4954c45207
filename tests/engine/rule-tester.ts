/**
 * The one way to test a rule (in the spirit of ESLint's RuleTester): hand-built snapshots in, the rule's
 * verdict out. "Not applicable" is always the engine's own NOT_APPLICABLE, nothing else.
 *
 *   testRule(rule, {
 *     passes: [{ name: 'a specific title', snapshot: page('...') }],
 *     partial: [{ name: 'too long', snapshot: ..., score: 0.8, severity: 'notice', detail: /cut off/ }],
 *     fails: [{ name: 'no title', snapshot: ..., title: 'Missing page title' }],
 *     notApplicable: [{ name: 'a PDF', snapshot: ... }],
 *   });
 *
 * Multi-step tests use the same pieces: judge() (what auditSnapshot sees), outcome() (the verdict of a rule
 * that must apply) and auditWith() (a whole audit over a few rules, failing loudly when a rule throws).
 */
import { describe, expect, it } from 'vitest';
import { JudgeContext } from '../../shared/judge/context.js';
import { NOT_APPLICABLE, type Rule, type RuleOutcome, type RuleResult } from '../../shared/judge/rule.js';
import { auditSnapshot } from '../../shared/audit/audit-snapshot.js';
import type { Audit, CategoryName, Severity, Snapshot } from '../../shared/types/index.js';

export { NOT_APPLICABLE };

/** Runs one rule on a snapshot exactly as auditSnapshot does: an outcome, or NOT_APPLICABLE. */
export function judge(rule: Rule, snap: Snapshot): RuleResult {
  return rule.check(new JudgeContext(snap));
}

/** The rule's outcome; fails the test when the rule was not applicable. */
export function outcome(rule: Rule, snap: Snapshot): RuleOutcome {
  const result = judge(rule, snap);
  if (result === NOT_APPLICABLE) throw new Error(`${rule.id} was not applicable`);
  return result;
}

/** An audit of `snap` judged by `rules` only; a rule that throws fails the test instead of being recorded. */
export function auditWith(rules: readonly Rule[], snap: Snapshot): Audit {
  return auditSnapshot(snap, {
    id: '00000000-0000-4000-8000-000000000000',
    rules,
    now: () => new Date('2026-11-21T00:00:00Z'),
    onRuleError: (rule, error) => {
      throw new Error(`${rule.id} threw: ${String(error)}`);
    },
  });
}

/** The score of one category of an audit. */
export function categoryScore(audit: Audit, name: CategoryName): number {
  return audit.category_scores.find((c) => c.name === name)!.score;
}

export interface RuleCase {
  /** What the case shows; the test's name. */
  name: string;
  snapshot: Snapshot | (() => Snapshot);
}

/** A case the rule faults: any member given must match the outcome. */
export interface FaultCase extends RuleCase {
  /** Exact score (partial cases only; a fail is always 0). */
  score?: number;
  /** The severity: the outcome's own, else the rule's. */
  severity?: Severity;
  /** The headline: the outcome's own, else the rule's. */
  title?: string;
  /** A pattern the detail must match, or a text it must contain; several must all hold. */
  detail?: RegExp | string | Array<RegExp | string>;
  /** Anything else to check on the outcome. */
  check?: (outcome: RuleOutcome) => void;
}

export interface RuleCases {
  passes?: RuleCase[];
  partial?: FaultCase[];
  fails?: FaultCase[];
  notApplicable?: RuleCase[];
}

/** One `describe` per rule, one `it` per case. */
export function testRule(rule: Rule, cases: RuleCases): void {
  describe(rule.id, () => {
    for (const c of cases.passes ?? []) {
      it(`passes: ${c.name}`, () => expect(judge(rule, snapshotOf(c))).toEqual({ score: 1 }));
    }
    for (const c of cases.partial ?? []) {
      it(`partial: ${c.name}`, () => {
        const o = outcome(rule, snapshotOf(c));
        expect(o.score).toBeGreaterThan(0);
        expect(o.score).toBeLessThan(1);
        expectFault(rule, o, c);
      });
    }
    for (const c of cases.fails ?? []) {
      it(`fails: ${c.name}`, () => {
        const o = outcome(rule, snapshotOf(c));
        expect(o.score).toBe(0);
        expectFault(rule, o, c);
      });
    }
    for (const c of cases.notApplicable ?? []) {
      it(`not applicable: ${c.name}`, () => expect(judge(rule, snapshotOf(c))).toBe(NOT_APPLICABLE));
    }
  });
}

function snapshotOf(c: RuleCase): Snapshot {
  return typeof c.snapshot === 'function' ? c.snapshot() : c.snapshot;
}

function expectFault(rule: Rule, o: RuleOutcome, c: FaultCase): void {
  // Every fault explains itself: docs/api-decisions.md#audit-object wants what was found and what to do.
  expect(o.detail?.length ?? 0).toBeGreaterThan(0);
  if (c.score !== undefined) expect(o.score).toBe(c.score);
  if (c.severity !== undefined) expect(o.severity ?? rule.severity).toBe(c.severity);
  if (c.title !== undefined) expect(o.title ?? rule.title).toBe(c.title);
  for (const d of c.detail === undefined ? [] : Array.isArray(c.detail) ? c.detail : [c.detail]) {
    if (typeof d === 'string') expect(o.detail).toContain(d);
    else expect(o.detail).toMatch(d);
  }
  c.check?.(o);
}
