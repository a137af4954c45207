import type { Issue, Severity } from '../../shared/types/audit.js';
import { IssueCard } from '../../shared/report/components/IssueCard.js';
import { t } from '../lib/i18n/t.js';

const ORDER: Severity[] = ['critical', 'warning', 'notice'];
const GROUP_LABEL = { critical: 'issuesCritical', warning: 'issuesWarnings', notice: 'issuesNotices' } as const;

/**
 * The report's issue cards, grouped by severity behind one line each so the popup stays short: critical
 * ones start open. The cards are the HTML report's own (shared/report). `severities`: the groups shown
 * here (the popup puts the critical ones first, under the score, and the others further down); with none
 * to show, the critical group is left out (the score's counts already say 0) and the others say so.
 */
export function IssueGroups({ issues, severities = ORDER }: { issues: readonly Issue[]; severities?: readonly Severity[] }) {
  const shown = issues.filter((i) => severities.includes(i.severity));
  if (!shown.length) {
    if (severities.includes('critical')) return null;
    return <p class="all-clear">{severities.length === ORDER.length ? t('issuesNone') : t('issuesNoWarnings')}</p>;
  }
  return (
    <div class="issues">
      {severities.map((severity) => {
        const group = issues.filter((i) => i.severity === severity);
        if (!group.length) return null;
        return (
          <details key={severity} class={`issue-group sev-${severity}`} open={severity === 'critical'}>
            <summary>
              {t(GROUP_LABEL[severity])} <span class={`pill ${severity}`}>{group.length}</span>
            </summary>
            {group.map((issue) => (
              <IssueCard key={`${issue.rule} ${issue.position}`} issue={issue} showRule />
            ))}
          </details>
        );
      })}
    </div>
  );
}
