/** The audit engine: gather, then judge, then score. Imports nothing Node-only or browser-only. */
export * from './types/index.js';
export { runAudit, type RunAuditOptions } from './audit/run-audit.js';
export { gatherForAudit, type GatherForAuditOptions } from './audit/gather-for-audit.js';
export { auditSnapshot, type AuditSnapshotOptions } from './audit/audit-snapshot.js';
export { AuditFetchError, AuditInputError, describeFetchError } from './audit/errors.js';
export { gather, type GatherOptions } from './gather/gather.js';
export { DEFAULT_LIMITS, type GatherLimits } from './gather/limits.js';
export { normalizeAuditUrl, MAX_URL_LENGTH } from './url/normalize.js';
export { decodeBody } from './text/decode.js';
export { CATEGORY_WEIGHTS, CRITICAL_SCORE_CAP } from './categories.js';
export { ALL_RULES } from './rules/index.js';
export { categoriesMean, capScore } from './score/score.js';
export {
  categoryApplies,
  categoryScoreLabel,
  nothingJudged,
  NOT_APPLICABLE_LABEL,
  ruleErrorsOf,
  scoreCapNote,
} from './score/score-notes.js';
export { upgradeAudit, type AuditBeforeSection9 } from './audit/upgrade-audit.js';
