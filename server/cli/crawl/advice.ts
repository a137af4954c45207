/**
 * The advice under a crawl's critical issues, as the API's crawl report has it: the detail (what was found, what
 * to do) of each critical rule from the first page where it fired. `citable crawl` keeps no page audits, so this
 * looks at each one as it is done (the coordinator's `saveAudit` hook, which stores nothing here) and keeps one
 * short string per critical rule.
 */
import type { Audit } from '../../../shared/types/audit.js';

export class CriticalAdvice {
  readonly #byRule = new Map<string, string>();

  /** Bound: handed to the coordinator as `saveAudit`; the audit goes on unchanged. */
  readonly see = async (_accountId: string, audit: Audit): Promise<Audit> => {
    for (const issue of audit.issues) {
      if (issue.severity === 'critical' && issue.detail && !this.#byRule.has(issue.rule)) this.#byRule.set(issue.rule, issue.detail);
    }
    return audit;
  };

  /** Advice per rule id, as the report renderers take it. */
  byRule(): Record<string, string> {
    return Object.fromEntries(this.#byRule);
  }
}
