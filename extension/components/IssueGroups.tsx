import type { Issue, Severity } from '../../shared/types/audit.js';
import { IssueCard } from '../../shared/report/components/IssueCard.js';
import { SEVERITY_LABELS } from '../../shared/report/wording.js';

const ORDER: Severity[] = ['critical', 'warning', 'notice'];
const GROUP_LABEL: Record<Severity, string> = { critical: 'Critical', warning: 'Warnings', notice: 'Notices' };

/**
 * The report's issue cards, grouped by severity behind one line each so the popup stays short: critical
 * ones start open. The cards are the HTML report's own (shared/report).
 */
export function IssueGroups({ issues }: { issues: readonly Issue[] }) {
  if (!issues.length) return <p class="all-clear">No issues found.</p>;
  return (
    <div class="issues">
      {ORDER.map((severity) => {
        const group = issues.filter((i) => i.severity === severity);
        if (!group.length) return null;
        return (
          <details key={severity} class={`issue-group sev-${severity}`} open={severity === 'critical'}>
            <summary>
              {GROUP_LABEL[severity] ?? SEVERITY_LABELS[severity]} <span class={`pill ${severity}`}>{group.length}</span>
            </summary>
            {group.map((issue) => (
              <IssueCard key={`${issue.rule} ${issue.position}`} issue={issue} />
            ))}
          </details>
        );
      })}
    </div>
  );
}
