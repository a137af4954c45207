import type { Audit } from '../types/audit.js';
import type { Snapshot } from '../types/snapshot.js';
import { JudgeContext } from '../judge/context.js';
import { NOT_APPLICABLE, type Rule, type RuleResult } from '../judge/rule.js';
import { ALL_RULES } from '../rules/index.js';
import { scoreRules, type JudgedRule } from '../score/score.js';
import { detectBuilder } from '../builder/detect.js';
import { crawlerVerdicts } from '../crawlers/verdicts.js';
import { llmsTxtSummary } from '../llms-txt/summary.js';
import { webmcpSignal } from '../webmcp/signal.js';

export interface AuditSnapshotOptions {
  id: string;
  /** Time stamped as `scanned_at`; defaults to the end of judging. */
  now?: () => Date;
  rules?: readonly Rule[];
  /** Called when a rule throws; the rule then counts as not applicable. Tests make this throw. */
  onRuleError?: (rule: Rule, error: unknown) => void;
}

/** Judge and score a snapshot: pure, no I/O. */
export function auditSnapshot(snapshot: Snapshot, options: AuditSnapshotOptions): Audit {
  const t0 = performance.now();
  const ctx = new JudgeContext(snapshot);
  const rules = options.rules ?? ALL_RULES;
  const judged = rules.map((rule): JudgedRule => ({ rule, result: runRule(rule, ctx, options.onRuleError) }));
  const scored = scoreRules(judged);
  const audit: Audit = {
    id: options.id,
    url: snapshot.submittedUrl,
    final_url: snapshot.page.finalUrl || snapshot.requestedUrl,
    origin: snapshot.origin,
    builder: detectBuilder(ctx),
    score: scored.score,
    status: 'complete',
    category_scores: scored.category_scores,
    scanned_at: '',
    duration_ms: 0,
    issues: scored.issues,
    crawlers: crawlerVerdicts(ctx),
    llms_txt: llmsTxtSummary(ctx),
    signals: { webmcp: webmcpSignal(ctx) },
  };
  audit.scanned_at = (options.now ?? (() => new Date()))().toISOString();
  audit.duration_ms = Math.round(snapshot.gatherMs + (performance.now() - t0));
  return audit;
}

function runRule(rule: Rule, ctx: JudgeContext, onError: AuditSnapshotOptions['onRuleError']): RuleResult {
  try {
    return rule.check(ctx);
  } catch (error) {
    onError?.(rule, error);
    return NOT_APPLICABLE;
  }
}
