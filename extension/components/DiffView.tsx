import type { AuditDiff } from '../../shared/diff/audit-diff.js';

/**
 * What changed between two audits of one URL (the diff of docs/api-decisions.md#reports-shares-and-diffs), the same in the popup and the
 * dashboard: the score, the categories that moved, new and fixed issues, the fixes applied (a diff from an older
 * server has no `fixes_applied`), crawler verdicts, WebMCP.
 */
export function DiffView({ diff, fromLabel }: { diff: AuditDiff; fromLabel: string }) {
  const moved = diff.categories.filter((c) => c.delta !== 0);
  const webmcpChanged = diff.webmcp.from !== diff.webmcp.to;
  const nothing =
    diff.score.delta === 0 &&
    moved.length === 0 &&
    !diff.new_issues.length &&
    !diff.fixed_issues.length &&
    !diff.crawlers.length &&
    !webmcpChanged;
  return (
    <section class="diff" aria-label="Changes since the previous audit" data-testid="diff" data-from={diff.from} data-to={diff.to}>
      <p class="diff-score">
        Score <strong>{diff.score.from}</strong> → <strong>{diff.score.to}</strong> <Delta value={diff.score.delta} />{' '}
        <span class="muted small">since {fromLabel}</span>
      </p>
      {nothing && <p class="muted">Nothing changed.</p>}
      {moved.length > 0 && <CategoryChanges moved={moved} />}
      <IssueChanges title="New issues" issues={diff.new_issues} kind="new" />
      <IssueChanges title="Fixed issues" issues={diff.fixed_issues} kind="fixed" />
      {(diff.fixes_applied?.length ?? 0) > 0 && (
        <p data-testid="fixes-applied">
          {diff.fixes_applied.length === 1 ? 'One fix' : `${diff.fixes_applied.length} fixes`} of {fromLabel} applied: the rules{' '}
          {diff.fixes_applied.length === 1 ? 'it names pass' : 'they name pass'} now.
        </p>
      )}
      <CrawlerChanges crawlers={diff.crawlers} />
      {webmcpChanged && (
        <p>
          WebMCP: {diff.webmcp.from} → <strong>{diff.webmcp.to}</strong>
        </p>
      )}
    </section>
  );
}

function CategoryChanges({ moved }: { moved: AuditDiff['categories'] }) {
  return (
    <table class="diff-table">
      <caption class="sr-only">Categories that changed</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col" class="num">
            Before
          </th>
          <th scope="col" class="num">
            Now
          </th>
          <th scope="col" class="num">
            Change
          </th>
        </tr>
      </thead>
      <tbody>
        {moved.map((c) => (
          <tr key={c.name} data-category={c.name}>
            <th scope="row">{c.name}</th>
            <td class="num">{c.from ?? 'n/a'}</td>
            <td class="num">{c.to ?? 'n/a'}</td>
            <td class="num">{c.delta === null ? 'n/a' : <Delta value={c.delta} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CrawlerChanges({ crawlers }: { crawlers: AuditDiff['crawlers'] }) {
  if (!crawlers.length) return null;
  return (
    <>
      <h3>Crawler verdicts that changed</h3>
      <ul class="diff-list">
        {crawlers.map((c) => (
          <li key={c.agent}>
            {c.agent}: {c.from} → <strong>{c.to}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

function IssueChanges({ title, issues, kind }: { title: string; issues: AuditDiff['new_issues']; kind: 'new' | 'fixed' }) {
  if (!issues.length) return null;
  return (
    <>
      <h3>
        {title} ({issues.length})
      </h3>
      <ul class={`diff-list diff-${kind}`}>
        {issues.map((i) => (
          <li key={i.rule} data-rule={i.rule}>
            <span class={`sev sev-${i.severity}`}>{i.severity}</span> {i.title}
          </li>
        ))}
      </ul>
    </>
  );
}

function Delta({ value }: { value: number }) {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return <span class={`delta ${value > 0 ? 'up' : value < 0 ? 'down' : 'same'}`}>{`${sign}${Math.abs(value)}`}</span>;
}
