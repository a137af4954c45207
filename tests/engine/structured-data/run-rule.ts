import { JudgeContext } from '../../../shared/judge/context.js';
import { NOT_APPLICABLE, type Rule, type RuleOutcome } from '../../../shared/judge/rule.js';
import type { Snapshot } from '../../../shared/types/index.js';

/** Runs one rule on a snapshot; `null` means not applicable. */
export function runRule(rule: Rule, snap: Snapshot): RuleOutcome | null {
  const result = rule.check(new JudgeContext(snap));
  return result === NOT_APPLICABLE ? null : result;
}
