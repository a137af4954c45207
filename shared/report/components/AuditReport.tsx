import { ruleErrorsOf } from '../../score/score-notes.js';
import type { SafeBranding } from '../branding.js';
import { dateTime, displayUrl, plural } from '../format.js';
import type { ReportAudit, ScorePoint } from '../types.js';
import type { Issue } from '../../types/audit.js';
import { crawlersUnknownReason } from '../unread-files.js';
import { builtWith } from '../wording.js';
import { AgentDiscoveryPanel } from './AgentDiscoveryPanel.js';
import { CategoryChart } from './CategoryChart.js';
import { CrawlerTable } from './CrawlerTable.js';
import { HistoryChart } from './HistoryChart.js';
import { IssueCard } from './IssueCard.js';
import { FixesSection } from './FixesSection.js';
import { fixesForRule } from './FixItem.js';
import type { Fix } from '../../fixes/types.js';
import { LlmsTxtPanel } from './LlmsTxtPanel.js';
import { ReportFooter } from './ReportFooter.js';
import { ReportHeader } from './ReportHeader.js';
import { RuleErrorsPanel } from './RuleErrorsPanel.js';
import { RenderingPanel } from './RenderingPanel.js';
import { RENDERING_GAP_TITLE } from '../rendering-gap.js';
import { ScoreSummary } from './ScoreSummary.js';
import { Section } from './Section.js';
import { SourceLine } from './SourceLine.js';
import { WebmcpPanel } from './WebmcpPanel.js';

export interface AuditReportProps {
  audit: ReportAudit;
  branding: SafeBranding;
  /** Earlier scores of the same page, the current one included (two or more draw the chart). */
  history: readonly ScorePoint[];
  generatedAt: string;
  fixes?: readonly Fix[] | null;
  /** The same report as a PDF (a share page), linked in the header. */
  pdfHref?: string | null;
}

/** The report of one page audit, in the order a client reads it: the score, what matters most, then the detail. */
export function AuditReport({ audit, branding, history, generatedAt, fixes = null, pdfHref = null }: AuditReportProps) {
  const others = audit.issues.filter((i) => i.severity !== 'critical');
  return (
    <main class="report" data-audit-id={audit.id}>
      <ReportHeader
        branding={branding}
        pdfHref={pdfHref}
        kicker="AI visibility report"
        title={displayUrl(audit.final_url || audit.url, 120)}
        subtitle={[`Audited ${dateTime(audit.scanned_at)}`, builtWith(audit.builder)].filter(Boolean).join(' · ')}
      />
      <ScoreSummary audit={audit} />
      <SourceLine audit={audit} />
      <AuditPriorities critical={audit.issues.filter((i) => i.severity === 'critical')} others={others} fixes={fixes} />
      {fixes && fixes.length > 0 && <FixesSection fixes={fixes} issueRules={new Set(audit.issues.map((i) => i.rule))} />}

      {history.length >= 2 && (
        <Section id="history" title="Score over time">
          <HistoryChart points={history} subject="This page" />
        </Section>
      )}

      <Section id="categories" title="Scores by category">
        <CategoryChart categories={audit.category_scores} />
      </Section>

      {others.length > 0 && (
        <Section id="findings" title="Other findings">
          {others.map((i) => (
            <IssueCard key={i.rule} issue={i} fixes={fixesForRule(fixes, i.rule)} />
          ))}
        </Section>
      )}

      <AuditSiteSections audit={audit} />
      <ReportFooter branding={branding} generatedAt={generatedAt} reference={`Audit ${audit.id}`} />
    </main>
  );
}

/** The critical issues first; without one, that the page may be read and used. */
function AuditPriorities({
  critical,
  others,
  fixes,
}: {
  critical: readonly Issue[];
  others: readonly Issue[];
  fixes: readonly Fix[] | null;
}) {
  return (
    <Section id="priorities" title="What matters most">
      {critical.length > 0 ? (
        <>
          <p>
            {plural(critical.length, 'critical issue')} {critical.length === 1 ? 'keeps' : 'keep'} AI answer engines from reading or using
            this page. Fix {critical.length === 1 ? 'it' : 'them'} first:
          </p>
          {critical.map((i) => (
            <IssueCard key={i.rule} issue={i} fixes={fixesForRule(fixes, i.rule)} />
          ))}
        </>
      ) : (
        <p class="all-clear">
          No critical issue: AI answer engines may read and use this page.{' '}
          {others.length > 0 ? 'The findings below make it easier to use and cite.' : ''}
        </p>
      )}
    </Section>
  );
}

/** The crawler verdicts, llms.txt, WebMCP, agent discovery files and any check that could not run. */
function AuditSiteSections({ audit }: { audit: ReportAudit }) {
  const ruleErrors = ruleErrorsOf(audit);
  const discovery = audit.signals.agent_discovery?.files;
  return (
    <>
      {audit.rendering && (
        <Section id="rendering" title={RENDERING_GAP_TITLE}>
          <RenderingPanel rendering={audit.rendering} />
        </Section>
      )}

      <Section id="crawlers" title="AI crawlers and assistants">
        <CrawlerTable crawlers={audit.crawlers} unknownReason={crawlersUnknownReason(audit.issues)} />
      </Section>

      <Section id="llms-txt" title="llms.txt">
        <LlmsTxtPanel llms={audit.llms_txt} />
      </Section>

      <Section id="webmcp" title="WebMCP">
        <WebmcpPanel webmcp={audit.signals.webmcp} />
      </Section>

      {Array.isArray(discovery) && discovery.length > 0 && (
        <Section id="agent-discovery" title="Agent discovery">
          <AgentDiscoveryPanel files={discovery} />
        </Section>
      )}

      {ruleErrors.length > 0 && (
        <Section id="rule-errors" title="Checks that could not run">
          <RuleErrorsPanel errors={ruleErrors} />
        </Section>
      )}
    </>
  );
}
