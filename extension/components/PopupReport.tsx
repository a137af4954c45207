import type { ComponentChildren } from 'preact';
import type { Audit } from '../../shared/types/audit.js';
import { ruleErrorsOf } from '../../shared/score/score-notes.js';
import { AgentDiscoveryPanel } from '../../shared/report/components/AgentDiscoveryPanel.js';
import { CategoryChart } from '../../shared/report/components/CategoryChart.js';
import { CrawlerTable } from '../../shared/report/components/CrawlerTable.js';
import { LlmsTxtPanel } from '../../shared/report/components/LlmsTxtPanel.js';
import { RuleErrorsPanel } from '../../shared/report/components/RuleErrorsPanel.js';
import { ScoreSummary } from '../../shared/report/components/ScoreSummary.js';
import { Section } from '../../shared/report/components/Section.js';
import { SourceLine } from '../../shared/report/components/SourceLine.js';
import { WebmcpPanel } from '../../shared/report/components/WebmcpPanel.js';
import { crawlersUnknownReason } from '../../shared/report/unread-files.js';
import type { AuditRecord } from '../lib/sync/records.js';
import { matchRecordedTools } from '../lib/probe/match-stacks.js';
import { IssueGroups } from './IssueGroups.js';
import { SyncBadge } from './SyncBadge.js';
import { REPORT_PAINT_TIMING } from './paint-timing.js';
import { builtWith } from '../../shared/report/wording.js';
import { formatNumber, t } from '../lib/i18n/t.js';
import { formatDateTime } from '../lib/i18n/format.js';

/**
 * One audit in the popup: the HTML report's own components (shared/report), in the report's order, at the
 * popup's width. What only the extension knows is added through their props: the sync state, the runtime
 * WebMCP probe beside the static scan, the scripts the browser did not let it scan.
 */
export function PopupReport({ audit, record, actions }: { audit: Audit; record: AuditRecord | undefined; actions?: ComponentChildren }) {
  const ruleErrors = ruleErrorsOf(audit);
  const webmcp = audit.signals.webmcp;
  const live = {
    matches: webmcp.runtime ? matchRecordedTools(webmcp.runtime.tools, webmcp.evidence) : [],
    skipped: record?.notes?.skippedScripts ?? [],
  };
  return (
    <article class="report popup-report" aria-label={t('reportLabel')} data-audit-id={audit.id}>
      <ScoreSummary audit={audit} gaugeNotes>
        <AuditFacts audit={audit} record={record} />
      </ScoreSummary>
      {/* First what needs fixing first, then what can be done about it, then the rest. */}
      <CriticalIssues issues={audit.issues} />
      {actions}
      <Section id="issues" title={t('reportOtherIssues')}>
        <IssueGroups issues={audit.issues} severities={['warning', 'notice']} />
      </Section>
      <Section id="categories" title={t('reportScoresByCategory')}>
        <CategoryChart categories={audit.category_scores} compact />
      </Section>
      <Section id="crawlers" title={t('reportCrawlers')} collapsed>
        <CrawlerTable crawlers={audit.crawlers} unknownReason={crawlersUnknownReason(audit.issues)} compact />
      </Section>
      <Section id="llms-txt" title="llms.txt">
        <LlmsTxtPanel llms={audit.llms_txt} />
      </Section>
      <Section id="webmcp" title="WebMCP">
        <WebmcpPanel webmcp={webmcp} live={live} />
      </Section>
      <Section id="agent-discovery" title={t('reportAgentDiscovery')}>
        <AgentDiscoveryPanel files={audit.signals.agent_discovery?.files} compact />
      </Section>
      {ruleErrors.length > 0 && (
        <Section id="rule-errors" title={t('reportChecksNotRun')}>
          <RuleErrorsPanel errors={ruleErrors} />
        </Section>
      )}
    </article>
  );
}

/** Under the score: the page's address, what it is built with, when it was audited, its sync state. */
function AuditFacts({ audit, record }: { audit: Audit; record: AuditRecord | undefined }) {
  return (
    <>
      {/* elementtiming: the browser records when this text is first painted (the benchmark's clock stops there). */}
      <p class="page-url" title={audit.final_url} {...REPORT_PAINT_TIMING}>
        {audit.final_url}
      </p>
      <p class="muted small">
        {/* As the HTML report: a builder no fingerprint matched is not "Built with Unknown". */}
        {builtWith(audit.builder) ? (
          <>
            {t('reportBuiltWith')} <strong data-testid="builder">{audit.builder}</strong>
          </>
        ) : (
          <span data-testid="builder">{t('reportBuilderUnknown')}</span>
        )}{' '}
        · {formatDateTime(audit.scanned_at)} · {formatNumber(audit.duration_ms)} ms
      </p>
      <SourceLine audit={audit} />
      {record && (
        <p class="small sync-row">
          <SyncBadge sync={record.sync} />
        </p>
      )}
    </>
  );
}

/** The critical issues, open, right under the score (a hidden heading keeps the outline in order). */
function CriticalIssues({ issues }: { issues: Audit['issues'] }) {
  if (!issues.some((i) => i.severity === 'critical')) return null;
  return (
    <section id="critical" aria-labelledby="critical-title">
      <h2 id="critical-title" class="sr-only">
        {t('reportCriticalIssues')}
      </h2>
      <IssueGroups issues={issues} severities={['critical']} />
    </section>
  );
}
