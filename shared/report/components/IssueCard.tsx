import type { CategoryName, Severity } from '../../types/audit.js';
import type { Fix } from '../../fixes/types.js';
import { useT } from '../i18n-context.js';
import { ruleTitleIn } from '../rule-titles.js';
import { RichText } from '../rich-text.js';
import { categoryNameIn } from '../wording.js';
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
 * reference" (a client's report). Code in the title and advice shows as code, never as backticks.
 */
export function IssueCard({ issue, fixes = [], showRule = false }: { issue: IssueView; fixes?: readonly Fix[]; showRule?: boolean }) {
  const tr = useT();
  return (
    <article class={`issue ${issue.severity}`} data-rule={issue.rule} data-severity={issue.severity}>
      <div class="issue-head">
        <h3>
          <RichText text={ruleTitleIn(tr, issue.rule, issue.title)} />
        </h3>
        <span class={`pill ${issue.severity}`}>{tr.t(`severity.${issue.severity}`)}</span>
      </div>
      <p class="issue-meta">
        {categoryNameIn(tr, issue.category)}
        {issue.reach ? ` · ${issue.reach}` : ''}
        {showRule && (
          <>
            {' '}
            · <span class="mono">{issue.rule}</span>
          </>
        )}
      </p>
      {issue.detail && (
        <p class="advice" lang={tr.lang === 'en' ? undefined : 'en'}>
          <RichText text={issue.detail} />
        </p>
      )}
      {!showRule && <RuleRef rule={issue.rule} />}
      {fixes.map((fix) => (
        <FixItem key={fix.id} fix={fix} />
      ))}
    </article>
  );
}
