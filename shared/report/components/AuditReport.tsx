import { ruleErrorsOf } from '../../score/score-notes.js';
import type { SafeBranding } from '../branding.js';
import { displayUrl } from '../format.js';
import { useT } from '../i18n-context.js';
import type { ReportAudit, ScorePoint } from '../types.js';
import type { Issue } from '../../types/audit.js';
import { crawlersUnknownReason } from '../unread-files.js';
import { builtWithIn } from '../wording.js';
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
  /** A `?lang=` the reports do not speak (a share page shows the report in another language and says so). */
  unsupportedLang?: string | null;
}

/** The report of one page audit, in the order a client reads it: the score, what matters most, then the detail. */
export function AuditReport({
  audit,
  branding,
  history,
  generatedAt,
  fixes = null,
  pdfHref = null,
  unsupportedLang = null,
}: AuditReportProps) {
  const tr = useT();
  const others = audit.issues.filter((i) => i.severity !== 'critical');
  return (
    <main class="report" data-audit-id={audit.id} lang={tr.lang}>
      <ReportHeader
        branding={branding}
        pdfHref={pdfHref}
        unsupportedLang={unsupportedLang}
        kicker={tr.t('audit.kicker')}
        title={displayUrl(audit.final_url || audit.url, 120)}
        subtitle={[tr.t('audit.subtitle', { date: tr.dateTime(audit.scanned_at) }), builtWithIn(tr, audit.builder)]
          .filter(Boolean)
          .join(' · ')}
      />
      <ScoreSummary audit={audit} />
      <SourceLine audit={audit} />
      <AdviceNote shown={audit.issues.some((i) => i.detail)} />
      <AuditPriorities critical={audit.issues.filter((i) => i.severity === 'critical')} others={others} fixes={fixes} />
      {fixes && fixes.length > 0 && <FixesSection fixes={fixes} issueRules={new Set(audit.issues.map((i) => i.rule))} />}

      {history.length >= 2 && (
        <Section id="history" title={tr.t('section.history')}>
          <HistoryChart points={history} subject={tr.t('history.thisPage')} />
        </Section>
      )}

      <Section id="categories" title={tr.t('section.categories')}>
        <CategoryChart categories={audit.category_scores} />
      </Section>

      {others.length > 0 && (
        <Section id="findings" title={tr.t('section.findings')}>
          {others.map((i) => (
            <IssueCard key={i.rule} issue={i} fixes={fixesForRule(fixes, i.rule)} />
          ))}
        </Section>
      )}

      <AuditSiteSections audit={audit} />
      <ReportFooter branding={branding} generatedAt={generatedAt} reference={tr.t('footer.auditReference', { id: audit.id })} />
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
  const tr = useT();
  return (
    <Section id="priorities" title={tr.t('section.priorities')}>
      {critical.length > 0 ? (
        <>
          <p>{tr.t('priorities.pageCritical', { count: critical.length })}</p>
          {critical.map((i) => (
            <IssueCard key={i.rule} issue={i} fixes={fixesForRule(fixes, i.rule)} />
          ))}
        </>
      ) : (
        <p class="all-clear">
          {tr.t('priorities.noCriticalPage')} {others.length > 0 ? tr.t('priorities.findingsBelow') : ''}
        </p>
      )}
    </Section>
  );
}

/** The crawler verdicts, llms.txt, WebMCP, agent discovery files and any check that could not run. */
function AuditSiteSections({ audit }: { audit: ReportAudit }) {
  const tr = useT();
  const ruleErrors = ruleErrorsOf(audit);
  const discovery = audit.signals.agent_discovery?.files;
  return (
    <>
      {audit.rendering && (
        <Section id="rendering" title={tr.t('section.rendering')}>
          <RenderingPanel rendering={audit.rendering} />
        </Section>
      )}

      <Section id="crawlers" title={tr.t('section.crawlers')}>
        <CrawlerTable crawlers={audit.crawlers} unknownReason={crawlersUnknownReason(audit.issues)} />
      </Section>

      <Section id="llms-txt" title={tr.t('section.llmsTxt')}>
        <LlmsTxtPanel llms={audit.llms_txt} />
      </Section>

      <Section id="webmcp" title={tr.t('section.webmcp')}>
        <WebmcpPanel webmcp={audit.signals.webmcp} />
      </Section>

      {Array.isArray(discovery) && discovery.length > 0 && (
        <Section id="agent-discovery" title={tr.t('section.agentDiscovery')}>
          <AgentDiscoveryPanel files={discovery} />
        </Section>
      )}

      {ruleErrors.length > 0 && (
        <Section id="rule-errors" title={tr.t('section.ruleErrors')}>
          <RuleErrorsPanel errors={ruleErrors} />
        </Section>
      )}
    </>
  );
}

/** Said once, in a report in another language than English: the advice under each issue is English (docs/reports.md#languages-and-rule-links). */
export function AdviceNote({ shown }: { shown: boolean }) {
  const tr = useT();
  if (!shown || tr.lang === 'en') return null;
  return (
    <p class="muted small" data-testid="advice-note">
      {tr.t('issue.adviceNote')}
    </p>
  );
}
