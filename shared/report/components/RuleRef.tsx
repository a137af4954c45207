/**
 * A rule's id for the client's web team or the auditor, behind a disclosure so the client's first read is
 * the words, not `content.single-h1`. Left out of print (a printed report is for the client).
 */
export function RuleRef({ rule }: { rule: string }) {
  return (
    <details class="rule-ref">
      <summary>Technical reference</summary>
      Rule <code>{rule}</code>
    </details>
  );
}
