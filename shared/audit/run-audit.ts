import type { Audit } from '../types/audit.js';
import { auditSnapshot, type AuditSnapshotOptions } from './audit-snapshot.js';
import { gatherForAudit, type GatherForAuditOptions } from './gather-for-audit.js';

export interface RunAuditOptions extends GatherForAuditOptions, Partial<Pick<AuditSnapshotOptions, 'onRuleError' | 'rules'>> {
  /** Audit id; a random UUID v4 when absent. */
  id?: string;
}

/** Gather, then judge, then score. Throws AuditInputError or AuditFetchError when no audit is possible. */
export async function runAudit(input: unknown, options: RunAuditOptions): Promise<Audit> {
  const snapshot = await gatherForAudit(input, options);
  return auditSnapshot(snapshot, {
    id: options.id ?? crypto.randomUUID(),
    ...(options.now ? { now: options.now } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.onRuleError ? { onRuleError: options.onRuleError } : {}),
  });
}
