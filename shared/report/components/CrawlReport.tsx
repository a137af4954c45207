import type { SafeBranding } from '../branding.js';
import { siteFindings, type SiteFindings } from '../crawl-site.js';
import { clip, dateTime, displayUrl, percent, plural } from '../format.js';
import type { CrawlIssue, CrawlPage, CrawlReportExtras, ReportCrawl, ScorePoint } from '../types.js';
import { builtWith, CRAWL_STATUS_TEXT, siteVerdict } from '../wording.js';
import { AgentDiscoveryPanel } from './AgentDiscoveryPanel.js';
import { CategoryChart } from './CategoryChart.js';
import { CrawlerTable } from './CrawlerTable.js';
import { CrawlIssuesTable } from './CrawlIssuesTable.js';
import { HistoryChart } from './HistoryChart.js';
import { IssueCard } from './IssueCard.js';
import { FixesSection } from './FixesSection.js';
import { fixesForRule } from './FixItem.js';
import type { Fix } from '../../fixes/types.js';
import { LlmsTxtPanel } from './LlmsTxtPanel.js';
import { ReportFooter } from './ReportFooter.js';
import { ReportHeader } from './ReportHeader.js';
import { ScoreGauge } from './ScoreGauge.js';
import { Section } from './Section.js';
import { TemplatesTable } from './TemplatesTable.js';
import { WorstPagesTable } from './WorstPagesTable.js';

export interface CrawlReportProps extends CrawlReportExtras {
  crawl: ReportCrawl;
  branding: SafeBranding;
  history: readonly ScorePoint[];
  generatedAt: string;
  fixes?: readonly Fix[] | null;
  /** The same report as a PDF (a share page), linked in the header. */
  pdfHref?: string | null;
}

/** The report of a site audit: the site's score, the issues by pages affected, templates, worst pages, site files. */
export function CrawlReport(props: CrawlReportProps) {
  const { crawl, branding, history, generatedAt, worstPages = [], advice = {}, expiredAudits = 0, fixes = null, pdfHref = null } = props;
  const issues = crawl.issues ?? [];
  const site = siteFindings(crawl.site);
  const judged = crawl.score !== null && crawl.score !== undefined;
  return (
    <main class="report" data-crawl-id={crawl.id}>
      <ReportHeader
        branding={branding}
        pdfHref={pdfHref}
        kicker="Site AI visibility report"
        title={displayUrl(crawl.url, 120)}
        subtitle={[`Site audit of ${dateTime(crawl.finished_at ?? crawl.started_at ?? crawl.created_at)}`, builtWith(crawl.builder)]
          .filter(Boolean)
          .join(' · ')}
      />
      <CrawlStatusBanner crawl={crawl} />
      <CrawlSummary crawl={crawl} judged={judged} expiredAudits={expiredAudits} />
      <CrawlPriorities critical={issues.filter((i) => i.severity === 'critical')} advice={advice} judged={judged} fixes={fixes} />
      {fixes && fixes.length > 0 && (
        <FixesSection fixes={fixes} issueRules={new Set(issues.filter((i) => i.severity === 'critical').map((i) => i.rule))} />
      )}
      <CrawlDetails crawl={crawl} issues={issues} history={history} worstPages={worstPages} />
      <CrawlSiteSections site={site} />
      <ReportFooter branding={branding} generatedAt={generatedAt} reference={`Site audit ${crawl.id}`} />
    </main>
  );
}

/** Why a crawl that is not complete reads as it does (running, failed with its error, cancelled). */
function CrawlStatusBanner({ crawl }: { crawl: ReportCrawl }) {
  const statusText = CRAWL_STATUS_TEXT[crawl.status];
  if (crawl.status === 'complete' || !statusText) return null;
  return (
    <p class="banner" data-testid="crawl-status">
      {statusText}
      {crawl.status === 'failed' && crawl.error ? `: ${clip(crawl.error, 300)}` : crawl.status === 'failed' ? '.' : ''}
    </p>
  );
}

function CrawlSummary({ crawl, judged, expiredAudits }: { crawl: ReportCrawl; judged: boolean; expiredAudits: number }) {
  const { progress } = crawl;
  return (
    <div class="summary">
      <ScoreGauge score={crawl.score ?? 0} judged={judged} label="Site score" />
      <div class="summary-text">
        <p class="verdict">{judged ? siteVerdict(crawl.score!) : 'No page has been audited yet.'}</p>
        <p class="muted small">The site score is the average score of the audited pages.</p>
        {expiredAudits > 0 && (
          <p class="muted small" data-testid="expired-audits">
            The full audits of {plural(expiredAudits, 'page')} expired (the retention period removed them); their scores and issues remain
            here.
          </p>
        )}
        <div class="stats">
          <Stat value={progress.audited} label="pages audited" />
          <Stat value={progress.discovered} label="pages found" />
          {progress.failed > 0 && <Stat value={progress.failed} label="could not be read" />}
          {progress.skipped > 0 && <Stat value={progress.skipped} label="skipped" />}
        </div>
      </div>
    </div>
  );
}

/** The critical issues first, each with how many pages it reaches (and the host's advice, when it has some). */
function CrawlPriorities({
  critical,
  advice,
  judged,
  fixes,
}: {
  critical: readonly CrawlIssue[];
  advice: Readonly<Record<string, string>>;
  judged: boolean;
  fixes: readonly Fix[] | null;
}) {
  return (
    <Section id="priorities" title="What matters most">
      {critical.length > 0 ? (
        <>
          <p>
            {plural(critical.length, 'critical issue')} {critical.length === 1 ? 'keeps' : 'keep'} AI answer engines from reading or using
            pages of this site. Fix {critical.length === 1 ? 'it' : 'them'} first:
          </p>
          {critical.map((i) => (
            <IssueCard
              key={i.rule}
              issue={{
                ...i,
                ...(advice[i.rule] ? { detail: advice[i.rule] } : {}),
                reach: `${plural(i.pages, 'page')} (${percent(i.share)})`,
              }}
              fixes={fixesForRule(fixes, i.rule)}
            />
          ))}
        </>
      ) : (
        <p class="all-clear">{judged ? 'No critical issue on any audited page.' : 'No page has been audited yet.'}</p>
      )}
    </Section>
  );
}

interface CrawlDetailsProps {
  crawl: ReportCrawl;
  issues: readonly CrawlIssue[];
  history: readonly ScorePoint[];
  worstPages: readonly CrawlPage[];
}

/** The score over time, by category, the issues, the templates and the worst pages: each only when there is one. */
function CrawlDetails({ crawl, issues, history, worstPages }: CrawlDetailsProps) {
  return (
    <>
      {history.length >= 2 && (
        <Section id="history" title="Site score over time">
          <HistoryChart points={history} subject="This site" />
        </Section>
      )}

      {crawl.category_scores && crawl.category_scores.length > 0 && (
        <Section id="categories" title="Scores by category">
          <CategoryChart categories={crawl.category_scores} />
        </Section>
      )}

      {issues.length > 0 && (
        <Section id="issues" title="Issues by pages affected">
          <CrawlIssuesTable issues={issues} />
        </Section>
      )}

      {crawl.templates && crawl.templates.length > 0 && (
        <Section id="templates" title="Scores by kind of page">
          <p class="muted small">Pages grouped by the pattern of their URL: a fix to a template fixes all its pages.</p>
          <TemplatesTable templates={crawl.templates} />
        </Section>
      )}

      {worstPages.length > 0 && (
        <Section id="worst-pages" title="Pages to fix first">
          <WorstPagesTable pages={worstPages as CrawlPage[]} />
        </Section>
      )}
    </>
  );
}

/** What the site's own files say: the crawler verdicts, llms.txt and sitemaps, agent discovery files. */
function CrawlSiteSections({ site }: { site: SiteFindings }) {
  return (
    <>
      {site.crawlers && (
        <Section id="crawlers" title="AI crawlers and assistants">
          <CrawlerTable crawlers={site.crawlers} />
        </Section>
      )}

      {(site.llmsTxt || site.sitemaps.length > 0) && (
        <Section id="site-files" title="Files for AI engines">
          {site.llmsTxt && <LlmsTxtPanel llms={site.llmsTxt} />}
          {site.sitemaps.length > 0 && <SitemapsPanel sitemaps={site.sitemaps} />}
        </Section>
      )}

      {site.agentDiscovery.length > 0 && (
        <Section id="agent-discovery" title="Agent discovery">
          <AgentDiscoveryPanel files={site.agentDiscovery} />
        </Section>
      )}
    </>
  );
}

function SitemapsPanel({ sitemaps }: { sitemaps: SiteFindings['sitemaps'] }) {
  return (
    <div class="panel">
      <p>Sitemaps:</p>
      <ul>
        {sitemaps.map((m) => (
          <li key={m.url} class="mono">
            {clip(m.url, 120)}
            {m.status ? ` (${m.status})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <span class="stat">
      <strong>{value.toLocaleString('en-GB')}</strong>
      <span class="muted small">{label}</span>
    </span>
  );
}
