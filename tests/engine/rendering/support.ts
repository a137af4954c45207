import { JudgeContext } from '../../../shared/judge/context.js';
import { NOT_APPLICABLE, type Rule, type RuleOutcome, type RuleResult } from '../../../shared/judge/rule.js';
import type { Snapshot } from '../../../shared/types/index.js';
import { snapshot } from '../../helpers/snapshot.js';

/** Shared by the Rendering, Content Structure and Trust rule tests. */

export function judge(rule: Rule, snap: Snapshot): RuleResult {
  return rule.check(new JudgeContext(snap));
}

/** The rule's outcome; fails the test when the rule was not applicable. */
export function outcome(rule: Rule, snap: Snapshot): RuleOutcome {
  const result = judge(rule, snap);
  if (result === NOT_APPLICABLE) throw new Error(`${rule.id} was not applicable`);
  return result;
}

export function isNotApplicable(rule: Rule, snap: Snapshot): boolean {
  return judge(rule, snap) === NOT_APPLICABLE;
}

/** A snapshot of an HTML page body (wrapped in a minimal document unless it already is one). */
export function page(html: string, over: Partial<Snapshot> = {}): Snapshot {
  const doc = /<html[\s>]/i.test(html) ? html : `<!doctype html><html lang="en"><head><title>A test page title</title></head><body>${html}</body></html>`;
  return snapshot(doc, over);
}

const VOCABULARY =
  'coffee water grind ratio steep time flavour bean roast jar filter batch fridge ice milk taste acid sugar kettle scale morning'.split(' ');

/** `n` words of plain prose in sentences of ten words. */
export function words(n: number, seed = 0): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let w = VOCABULARY[(i * 7 + seed) % VOCABULARY.length]!;
    if (i % 10 === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    if (i % 10 === 9 || i === n - 1) w += '.';
    out.push(w);
  }
  return out.join(' ');
}

/** `count` paragraphs of `each` words. */
export function paragraphs(count: number, each: number): string {
  return Array.from({ length: count }, (_, i) => `<p>${words(each, i)}</p>`).join('\n');
}
