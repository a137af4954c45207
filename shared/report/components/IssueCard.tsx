import type { CategoryName, Severity } from '../../types/audit.js';
import type { Fix } from '../../fixes/types.js';
import { SEVERITY_LABELS } from '../wording.js';
import { FixItem } from './FixItem.js';
import { RuleRef } from './RuleRef.js';

export interface IssueView {
  rule: string;
  severity: Severity;
  category: CategoryName;
  title: string;
  /** What was found and what to do; absent for a crawl issue without advice. */
  detail?: string;
  /** A crawl's reach: "12 pages (40%)". */
  reach?: string;
}

/**
 * One issue as a card that is never split across printed pages, with the fixes for it when there are some.
 * `showRule`: the rule's id in the card's line (the auditor's popup); otherwise it waits behind "Technical
 * reference" (a client's report).
 */
export function IssueCard({ issue, fixes = [], showRule = false }: { issue: IssueView; fixes?: readonly Fix[]; showRule?: boolean }) {
  return (
    <article class={`issue ${issue.severity}`} data-rule={issue.rule} data-severity={issue.severity}>
      <div class="issue-head">
        <h3>{issue.title}</h3>
        <span class={`pill ${issue.severity}`}>{SEVERITY_LABELS[issue.severity]}</span>
      </div>
      <p class="issue-meta">
        {issue.category}
        {issue.reach ? ` · ${issue.reach}` : ''}
        {showRule && (
          <>
            {' '}
            · <span class="mono">{issue.rule}</span>
          </>
        )}
      </p>
      {issue.detail && <p class="advice">{issue.detail}</p>}
      {!showRule && <RuleRef rule={issue.rule} />}
      {fixes.map((fix) => (
        <FixItem key={fix.id} fix={fix} />
      ))}
    </article>
  );
}
