import type { SafeBranding } from '../branding.js';
import { siteFindings, type SiteFindings } from '../crawl-site.js';
import { clip, displayUrl } from '../format.js';
import { useT } from '../i18n-context.js';
import type { CrawlIssue, CrawlPage, CrawlReportExtras, ReportCrawl, ScorePoint } from '../types.js';
import { builtWithIn, siteVerdictIn } from '../wording.js';
import { AgentDiscoveryPanel } from './AgentDiscoveryPanel.js';
import { AdviceNote } from './AuditReport.js';
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
import { TrafficSection } from './TrafficSection.js';
import { WorstPagesTable } from './WorstPagesTable.js';

export interface CrawlReportProps extends CrawlReportExtras {
  crawl: ReportCrawl;
  branding: SafeBranding;
  history: readonly ScorePoint[];
  generatedAt: string;
  fixes?: readonly Fix[] | null;
  /** The same report as a PDF (a share page), linked in the header. */
  pdfHref?: string | null;
  /** A `?lang=` the reports do not speak (a share page shows the report in another language and says so). */
  unsupportedLang?: string | null;
}

/** The report of a site audit: the site's score, the issues by pages affected, templates, worst pages, site files. */
export function CrawlReport(props: CrawlReportProps) {
  const { crawl, branding, history, generatedAt, worstPages = [], advice = {}, expiredAudits = 0, fixes = null, pdfHref = null } = props;
  const issues = crawl.issues ?? [];
  const site = siteFindings(crawl.site);
  const judged = crawl.score !== null && crawl.score !== undefined;
  const tr = useT();
  const when = tr.dateTime(crawl.finished_at ?? crawl.started_at ?? crawl.created_at);
  return (
    <main class="report" data-crawl-id={crawl.id} lang={tr.lang}>
      <ReportHeader
        branding={branding}
        pdfHref={pdfHref}
        unsupportedLang={props.unsupportedLang ?? null}
        kicker={tr.t('crawl.kicker')}
        title={displayUrl(crawl.url, 120)}
        subtitle={[tr.t('crawl.subtitle', { date: when }), builtWithIn(tr, crawl.builder)].filter(Boolean).join(' · ')}
      />
      <CrawlStatusBanner crawl={crawl} />
      <CrawlSummary crawl={crawl} judged={judged} expiredAudits={expiredAudits} />
      <AdviceNote shown={issues.some((i) => i.severity === 'critical' && advice[i.rule])} />
      <CrawlPriorities critical={issues.filter((i) => i.severity === 'critical')} advice={advice} judged={judged} fixes={fixes} />
      {fixes && fixes.length > 0 && (
        <FixesSection fixes={fixes} issueRules={new Set(issues.filter((i) => i.severity === 'critical').map((i) => i.rule))} />
      )}
      <CrawlDetails crawl={crawl} issues={issues} history={history} worstPages={worstPages} />
      <CrawlSiteSections site={site} />
      <TrafficSection traffic={props.traffic} />
      <ReportFooter branding={branding} generatedAt={generatedAt} reference={tr.t('footer.crawlReference', { id: crawl.id })} />
    </main>
  );
}

/** Why a crawl that is not complete reads as it does (running, failed with its error, cancelled). */
const STATUS_TEXT = { queued: 'crawl.queued', running: 'crawl.running', cancelled: 'crawl.cancelled', failed: 'crawl.failed' } as const;

function CrawlStatusBanner({ crawl }: { crawl: ReportCrawl }) {
  const tr = useT();
  const statusText = STATUS_TEXT[crawl.status as keyof typeof STATUS_TEXT];
  if (crawl.status === 'complete' || !statusText) return null;
  return (
    <p class="banner" data-testid="crawl-status">
      {crawl.status === 'failed' && crawl.error ? tr.t('crawl.failedWith', { error: clip(crawl.error, 300) }) : tr.t(statusText)}
    </p>
  );
}

function CrawlSummary({ crawl, judged, expiredAudits }: { crawl: ReportCrawl; judged: boolean; expiredAudits: number }) {
  const { progress } = crawl;
  const tr = useT();
  return (
    <div class="summary">
      <ScoreGauge score={crawl.score ?? 0} judged={judged} label={tr.t('gauge.siteScore')} />
      <div class="summary-text">
        <p class="verdict">{judged ? siteVerdictIn(tr, crawl.score!) : tr.t('crawl.nothingAudited')}</p>
        <p class="muted small">{tr.t('crawl.scoreNote')}</p>
        {expiredAudits > 0 && (
          <p class="muted small" data-testid="expired-audits">
            {tr.t('crawl.expiredAudits', { count: expiredAudits })}
          </p>
        )}
        <div class="stats">
          <Stat value={progress.audited} label={tr.t('crawl.pagesAudited', { count: progress.audited })} />
          <Stat value={progress.discovered} label={tr.t('crawl.pagesFound', { count: progress.discovered })} />
          {progress.failed > 0 && <Stat value={progress.failed} label={tr.t('crawl.pagesFailed', { count: progress.failed })} />}
          {progress.skipped > 0 && <Stat value={progress.skipped} label={tr.t('crawl.pagesSkipped', { count: progress.skipped })} />}
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
  const tr = useT();
  return (
    <Section id="priorities" title={tr.t('section.priorities')}>
      {critical.length > 0 ? (
        <>
          <p>{tr.t('priorities.siteCritical', { count: critical.length })}</p>
          {critical.map((i) => (
            <IssueCard
              key={i.rule}
              issue={{
                ...i,
                ...(advice[i.rule] ? { detail: advice[i.rule] } : {}),
                reach: tr.t('issue.reach', { pages: tr.t('crawl.pages', { count: i.pages }), share: tr.percent(i.share) }),
              }}
              fixes={fixesForRule(fixes, i.rule)}
            />
          ))}
        </>
      ) : (
        <p class="all-clear">{tr.t(judged ? 'priorities.noCriticalSite' : 'crawl.nothingAudited')}</p>
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
  const tr = useT();
  return (
    <>
      {history.length >= 2 && (
        <Section id="history" title={tr.t('section.siteHistory')}>
          <HistoryChart points={history} subject={tr.t('history.thisSite')} />
        </Section>
      )}

      {crawl.category_scores && crawl.category_scores.length > 0 && (
        <Section id="categories" title={tr.t('section.categories')}>
          <CategoryChart categories={crawl.category_scores} />
        </Section>
      )}

      {issues.length > 0 && (
        <Section id="issues" title={tr.t('section.issues')}>
          <CrawlIssuesTable issues={issues} />
        </Section>
      )}

      {crawl.templates && crawl.templates.length > 0 && (
        <Section id="templates" title={tr.t('section.templates')}>
          <p class="muted small">{tr.t('crawl.templatesNote')}</p>
          <TemplatesTable templates={crawl.templates} />
        </Section>
      )}

      {worstPages.length > 0 && (
        <Section id="worst-pages" title={tr.t('section.worstPages')}>
          <WorstPagesTable pages={worstPages as CrawlPage[]} />
        </Section>
      )}
    </>
  );
}

/** What the site's own files say: the crawler verdicts, llms.txt and sitemaps, agent discovery files. */
function CrawlSiteSections({ site }: { site: SiteFindings }) {
  const tr = useT();
  return (
    <>
      {site.crawlers && (
        <Section id="crawlers" title={tr.t('section.crawlers')}>
          <CrawlerTable crawlers={site.crawlers} />
        </Section>
      )}

      {(site.llmsTxt || site.sitemaps.length > 0) && (
        <Section id="site-files" title={tr.t('section.siteFiles')}>
          {site.llmsTxt && <LlmsTxtPanel llms={site.llmsTxt} />}
          {site.sitemaps.length > 0 && <SitemapsPanel sitemaps={site.sitemaps} />}
        </Section>
      )}

      {site.agentDiscovery.length > 0 && (
        <Section id="agent-discovery" title={tr.t('section.agentDiscovery')}>
          <AgentDiscoveryPanel files={site.agentDiscovery} />
        </Section>
      )}
    </>
  );
}

function SitemapsPanel({ sitemaps }: { sitemaps: SiteFindings['sitemaps'] }) {
  const tr = useT();
  return (
    <div class="panel">
      <p>{tr.t('crawl.sitemaps')}</p>
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
  const tr = useT();
  return (
    <span class="stat">
      <strong>{tr.number(value)}</strong>
      <span class="muted small">{label}</span>
    </span>
  );
}
