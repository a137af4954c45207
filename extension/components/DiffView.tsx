import type { AuditDiff } from '../../shared/diff/audit-diff.js';
import { t, tp } from '../lib/i18n/t.js';

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
    <section class="diff" aria-label={t('diffLabel')} data-testid="diff" data-from={diff.from} data-to={diff.to}>
      <p class="diff-score">
        {t('diffScore')} <strong>{diff.score.from}</strong> → <strong>{diff.score.to}</strong> <Delta value={diff.score.delta} />{' '}
        <span class="muted small">{t('diffSince', fromLabel)}</span>
      </p>
      <SourcesNote sources={diff.sources} />
      {nothing && <p class="muted">{t('diffNothing')}</p>}
      {moved.length > 0 && <CategoryChanges moved={moved} />}
      <IssueChanges title={t('diffNewIssues')} issues={diff.new_issues} kind="new" />
      <IssueChanges title={t('diffFixedIssues')} issues={diff.fixed_issues} kind="fixed" />
      {(diff.fixes_applied?.length ?? 0) > 0 && (
        <p data-testid="fixes-applied">{tp('diffFixesApplied', diff.fixes_applied.length, fromLabel)}</p>
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
      <caption class="sr-only">{t('diffCategoriesChanged')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('diffCategory')}</th>
          <th scope="col" class="num">
            {t('diffBefore')}
          </th>
          <th scope="col" class="num">
            {t('diffNow')}
          </th>
          <th scope="col" class="num">
            {t('diffChange')}
          </th>
        </tr>
      </thead>
      <tbody>
        {moved.map((c) => (
          <tr key={c.name} data-category={c.name}>
            <th scope="row">{c.name}</th>
            <td class="num">{c.from ?? t('diffNotApplicable')}</td>
            <td class="num">{c.to ?? t('diffNotApplicable')}</td>
            <td class="num">{c.delta === null ? t('diffNotApplicable') : <Delta value={c.delta} />}</td>
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
      <h3>{t('diffCrawlersChanged')}</h3>
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

/** Two audits that saw different things: say that part of the change may come from that, not from the page. */
function SourcesNote({ sources }: { sources: AuditDiff['sources'] }) {
  if (!sources) return null;
  const browser = (o: string) => o === 'extension';
  const key =
    browser(sources.from) !== browser(sources.to) ? 'diffSourcesDiffer' : sources.inputs_changed.length ? 'diffInputsDiffer' : null;
  if (!key) return null;
  return (
    <p class="muted small" data-testid="diff-sources" data-inputs-changed={sources.inputs_changed.join(' ')}>
      {t(key)}
    </p>
  );
}
