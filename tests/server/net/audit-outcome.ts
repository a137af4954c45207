import { expect } from 'vitest';
import { AuditFetchError, AuditInputError, CATEGORY_NAMES, runAudit, type Audit, type GatherLimits } from '../../../shared/index.js';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';

export type AuditOutcome = { audit: Audit; error?: undefined } | { audit?: undefined; error: AuditFetchError | AuditInputError };

/** Runs the whole engine with the Node fetcher on loopback; an audit or the engine's own error, never a crash. */
export async function auditOutcome(url: string, limits: Partial<GatherLimits> = {}): Promise<AuditOutcome> {
  try {
    const audit = await runAudit(url, { fetcher: createNodeFetcher({ allowPrivate: true }), limits });
    return { audit };
  } catch (error) {
    if (error instanceof AuditFetchError || error instanceof AuditInputError) return { error };
    throw error;
  }
}

/** The audit is well-formed: every category, integer scores in range, issues positioned. */
export function expectWellFormed(audit: Audit): void {
  expect(audit.status).toBe('complete');
  expect(audit.category_scores.map((c) => c.name)).toEqual([...CATEGORY_NAMES]);
  for (const s of [audit.score, ...audit.category_scores.map((c) => c.score)]) {
    expect(Number.isInteger(s) && s >= 0 && s <= 100).toBe(true);
  }
  audit.issues.forEach((issue, i) => expect(issue.position).toBe(i));
}
