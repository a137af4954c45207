import type { Issue, Severity } from '../../shared/types/audit.js';

const LABEL: Record<Severity, string> = { critical: 'Critical', warning: 'Warnings', notice: 'Notices' };
const ORDER: Severity[] = ['critical', 'warning', 'notice'];

/** Issues grouped by severity; each opens to its advice. Critical ones start open. */
export function IssueList({ issues }: { issues: Issue[] }) {
  if (!issues.length) return <p class="muted">No issues found.</p>;
  return (
    <div class="issues">
      {ORDER.map((severity) => {
        const group = issues.filter((i) => i.severity === severity);
        if (!group.length) return null;
        return (
          <details key={severity} class={`issue-group sev-${severity}`} open={severity === 'critical'}>
            <summary>
              {LABEL[severity]} <span class="count">{group.length}</span>
            </summary>
            <ul>
              {group.map((issue) => (
                <li key={issue.rule + issue.position} class="issue" data-rule={issue.rule}>
                  <details>
                    <summary>
                      <span class="issue-title">{issue.title}</span> <span class="muted">· {issue.category}</span>
                    </summary>
                    <p>{issue.detail}</p>
                  </details>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
