import type { Audit } from '../../shared/types/audit.js';
import { nothingJudged, ruleErrorsNote, ruleErrorsOf, scoreCapNote } from '../../shared/score/score-notes.js';
import type { AuditRecord } from '../lib/sync/records.js';
import { Gauge } from './Gauge.js';
import { CategoryBars } from './CategoryBars.js';
import { IssueList } from './IssueList.js';
import { CrawlerTable } from './CrawlerTable.js';
import { WebmcpPanel } from './WebmcpPanel.js';
import { AgentDiscoveryPanel } from './AgentDiscoveryPanel.js';
import { SyncBadge } from './SyncBadge.js';

/** The whole result of one audit, in the order a site owner reads it. */
export function AuditReport({ audit, record }: { audit: Audit; record: AuditRecord | undefined }) {
  const counts = { critical: 0, warning: 0, notice: 0 };
  for (const i of audit.issues) counts[i.severity]++;
  const capNote = scoreCapNote(audit);
  const ruleErrors = ruleErrorsOf(audit);
  return (
    <article class="report" aria-label="Audit result" data-audit-id={audit.id}>
      <div class="summary">
        <Gauge score={audit.score} capNote={capNote} notJudged={nothingJudged(audit)} />
        <div class="summary-text">
          {capNote && (
            <p class="score-cap" data-testid="score-cap">
              Score {capNote}
            </p>
          )}
          <p class="url" title={audit.final_url}>
            {audit.final_url}
          </p>
          <p>
            Built with <strong data-testid="builder">{audit.builder}</strong>
          </p>
          <p class="muted">
            {counts.critical} critical · {plural(counts.warning, 'warning')} · {plural(counts.notice, 'notice')}
          </p>
          <p class="muted small">
            {new Date(audit.scanned_at).toLocaleString()} · {audit.duration_ms} ms {record && <SyncBadge sync={record.sync} />}
          </p>
        </div>
      </div>
      <section aria-labelledby="h-cat">
        <h2 id="h-cat">Categories</h2>
        <CategoryBars categories={audit.category_scores} />
      </section>
      {ruleErrors.length > 0 && (
        <section aria-labelledby="h-rule-errors" class="rule-errors">
          <h2 id="h-rule-errors">Checks that could not run</h2>
          <p class="muted small">{ruleErrorsNote(ruleErrors)}.</p>
          <ul>
            {ruleErrors.map((e) => (
              <li key={e.rule} data-rule-error={e.rule}>
                <code>{e.rule}</code>: {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="h-issues">
        <h2 id="h-issues">Issues</h2>
        <IssueList issues={audit.issues} />
      </section>
      <section aria-labelledby="h-webmcp">
        <h2 id="h-webmcp">WebMCP</h2>
        <WebmcpPanel webmcp={audit.signals.webmcp} />
      </section>
      <section aria-labelledby="h-agent-discovery">
        <h2 id="h-agent-discovery">Agent discovery</h2>
        <AgentDiscoveryPanel discovery={audit.signals.agent_discovery} />
      </section>
      <section aria-labelledby="h-crawlers">
        <details>
          <summary>
            <h2 id="h-crawlers" class="inline">
              AI crawlers
            </h2>
          </summary>
          <CrawlerTable crawlers={audit.crawlers} />
        </details>
      </section>
      <p class="muted small">
        llms.txt: {audit.llms_txt.status}
        {audit.llms_txt.status === 'present' && (audit.llms_txt.valid ? ' (valid)' : ' (has problems)')}
      </p>
    </article>
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
