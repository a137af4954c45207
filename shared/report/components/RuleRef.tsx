import { useContext } from 'preact/hooks';
import { RulesDocContext, useT } from '../i18n-context.js';
import { ruleDocsTarget } from '../rule-docs.js';

/**
 * A rule's id and its entry in the rule reference, for the client's web team or the auditor, behind a disclosure
 * so the client's first read is the words, not `content.single-h1`. Left out of print (a printed report is for the client).
 */
export function RuleRef({ rule }: { rule: string }) {
  const tr = useT();
  const docs = ruleDocsTarget(rule, useContext(RulesDocContext));
  return (
    <details class="rule-ref">
      <summary>{tr.t('issue.technicalReference')}</summary>
      {tr.t('issue.rule')} <code>{rule}</code>
      {' · '}
      {docs.href ? (
        <a href={docs.href} data-rule-doc={rule}>
          {tr.t('issue.docsLink')}
        </a>
      ) : (
        <span class="mono" data-rule-doc={rule}>
          {docs.text}
        </span>
      )}
    </details>
  );
}
