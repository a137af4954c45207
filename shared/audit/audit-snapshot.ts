import type { Audit, RuleError } from '../types/audit.js';
import type { Snapshot } from '../types/snapshot.js';
import { JudgeContext } from '../judge/context.js';
import type { Rule } from '../judge/rule.js';
import { ALL_RULES } from '../rules/index.js';
import { RULE_THREW, scoreRules, type JudgedRule } from '../score/score.js';
import { detectBuilder } from '../builder/detect.js';
import { crawlerVerdicts } from '../crawlers/verdicts.js';
import { llmsTxtSummary } from '../llms-txt/summary.js';
import { webmcpSignal } from '../webmcp/signal.js';
import { agentDiscoverySignal } from '../agent-discovery/signal.js';
import { renderingSummary } from './rendering-summary.js';
import { auditInputs } from './audit-inputs.js';

export interface AuditSnapshotOptions {
  id: string;
  /** Time stamped as `scanned_at`; defaults to the end of judging. */
  now?: () => Date;
  rules?: readonly Rule[];
  /**
   * Called when a rule throws, for the host to log it. The rule is recorded in `rule_errors` and counts as a
   * zero in its category either way (never as "not applicable"). Tests make this throw to fail loudly.
   */
  onRuleError?: (rule: Rule, error: unknown) => void;
}

/** Judge and score a snapshot: pure, no I/O. */
export function auditSnapshot(snapshot: Snapshot, options: AuditSnapshotOptions): Audit {
  return auditSnapshotInContext(snapshot, options).audit;
}

/** auditSnapshot, with the judges' context: a host that needs more of the page (a crawl's links) reads its facts without parsing again. */
export function auditSnapshotInContext(snapshot: Snapshot, options: AuditSnapshotOptions): { audit: Audit; ctx: JudgeContext } {
  const t0 = performance.now();
  const ctx = new JudgeContext(snapshot);
  const rules = options.rules ?? ALL_RULES;
  const ruleErrors: RuleError[] = [];
  const judged = rules.map((rule): JudgedRule => {
    try {
      return { rule, result: rule.check(ctx) };
    } catch (error) {
      ruleErrors.push({ rule: rule.id, message: errorMessage(error) });
      options.onRuleError?.(rule, error);
      return { rule, result: RULE_THREW };
    }
  });
  const scored = scoreRules(judged);
  const audit: Audit = {
    id: options.id,
    url: snapshot.submittedUrl,
    final_url: snapshot.page.finalUrl || snapshot.requestedUrl,
    origin: snapshot.origin,
    builder: detectBuilder(ctx),
    score: scored.score,
    score_cap: scored.score_cap,
    status: 'complete',
    category_scores: scored.category_scores,
    scanned_at: '',
    duration_ms: 0,
    issues: scored.issues,
    rule_errors: ruleErrors,
    crawlers: crawlerVerdicts(ctx),
    llms_txt: llmsTxtSummary(ctx),
    signals: { webmcp: webmcpSignal(ctx), agent_discovery: agentDiscoverySignal(ctx) },
    rendering: renderingSummary(ctx),
    inputs: auditInputs(snapshot),
  };
  audit.scanned_at = (options.now ?? (() => new Date()))().toISOString();
  audit.duration_ms = Math.round(snapshot.gatherMs + (performance.now() - t0));
  return { audit, ctx };
}

const MAX_ERROR_MESSAGE = 500;

/** "TypeError: x is undefined", cut; never throws itself (a thrown object may have a hostile toString). */
function errorMessage(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    text = 'the rule threw a value that cannot be described';
  }
  return text.length > MAX_ERROR_MESSAGE ? `${text.slice(0, MAX_ERROR_MESSAGE - 1)}…` : text;
}
