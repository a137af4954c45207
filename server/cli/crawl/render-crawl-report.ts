/**
 * The readable site report `citable crawl` prints: the site score and categories, the top issues by pages
 * affected, the worst templates, the worst pages, what the site files and the sample said, and the notes.
 */
import type { Crawl, CrawlPage } from '../../../shared/schema/crawl.js';
import { scoreBar } from '../report/bar.js';
import { createStyle, scoreColor, type Style } from '../report/style.js';
import { padEnd, safe, table, wrap } from '../report/text.js';
import { createTranslator, type Translator } from '../../../shared/i18n/translator.js';
import type { ReportLanguage } from '../../../shared/i18n/languages.js';
import { ruleTitleIn } from '../../../shared/report/rule-titles.js';
import { categoryName, seconds } from '../report/summary-section.js';

const BAR_WIDTH = 20;
export const TOP_ISSUES = 10;
export const WORST_TEMPLATES = 5;
export const WORST_PAGES = 10;
/** Example pages listed under a critical issue; the rest are counted ("and N more"), as in the HTML report. */
export const EXAMPLES = 3;
const WIDTH = 100;

export interface CrawlReportOptions {
  color: boolean;
  /**
   * Pages in the order they were done: at least the WORST_PAGES lowest-scoring audited ones and the first
   * WORST_PAGES failed ones (every page will do; `citable crawl` keeps just those). The failed count is the crawl's.
   */
  pages: readonly CrawlPage[];
  elapsedMs: number;
  /** The language of the report's own words (default English); rule titles follow it, advice and notes stay English. */
  lang?: ReportLanguage;
  /** Advice per critical rule id (one page's detail), printed under the critical issue. */
  advice?: Readonly<Record<string, string>>;
}

export function renderCrawlReport(crawl: Crawl, options: CrawlReportOptions): string {
  const style = createStyle(options.color);
  const tr = createTranslator(options.lang ?? 'en');
  const sections = [
    summary(crawl, style, options.elapsedMs, tr),
    categories(crawl, style, tr),
    issues(crawl, style, tr),
    criticalAdvice(crawl, options.advice ?? {}, style, tr),
    templates(crawl, style, tr),
    worstPages(options.pages, crawl.progress.failed, style, tr),
    site(crawl, style, tr),
    notes(crawl, style, tr),
  ]
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'));
  return `${sections.join('\n\n')}\n`;
}

function summary(crawl: Crawl, style: Style, elapsedMs: number, tr: Translator): string[] {
  const p = crawl.progress;
  const progress = { count: p.audited, failed: p.failed, skipped: p.skipped, seconds: seconds(tr, elapsedMs) };
  const facts: string[][] = [
    [tr.t('cli.status'), tr.t('cli.crawlProgress', { ...progress, status: tr.t(`cli.crawlStatus.${crawl.status}`) })],
    [
      tr.t('cli.score'),
      crawl.score === null
        ? style.dim(tr.t('cli.noSiteScore'))
        : `${style.bold(scoreColor(style, crawl.score)(`${crawl.score}/100`))}  ${scoreBar(crawl.score, BAR_WIDTH, style)}  ${style.dim(tr.t('cli.meanOfPages'))}`,
    ],
  ];
  if (crawl.builder) facts.push([tr.t('cli.builder'), safe(crawl.builder)]);
  if (crawl.error) facts.push([tr.t('cli.error'), style.red(safe(crawl.error))]);
  return [style.bold(tr.t('cli.crawlOf', { url: safe(crawl.url) })), ...table(facts)];
}

function categories(crawl: Crawl, style: Style, tr: Translator): string[] {
  if (!crawl.category_scores.length) return [];
  const name = (c: { name: string }) => categoryName(tr, c.name);
  const width = Math.max(...crawl.category_scores.map((c) => name(c).length));
  const rows = crawl.category_scores.map((c) =>
    c.applicable === false
      ? `  ${padEnd(name(c), width)}  ${style.dim('·'.repeat(BAR_WIDTH))}  ${style.dim(tr.t('score.notApplicable'))}`
      : `  ${padEnd(name(c), width)}  ${scoreBar(c.score, BAR_WIDTH, style)}  ${scoreColor(style, c.score)(String(c.score).padStart(3))}`,
  );
  return [style.bold(tr.t('cli.categories')), ...rows];
}

const SEVERITY_RANK = { critical: 0, warning: 1, notice: 2 } as const;

function issues(crawl: Crawl, style: Style, tr: Translator): string[] {
  if (!crawl.issues.length)
    return crawl.status === 'complete' && crawl.progress.audited
      ? [style.bold(tr.t('cli.issues')), style.green(`  ${tr.t('cli.noIssueOnAnyPage')}`)]
      : [];
  // Critical first (a notice on every page matters less than a critical issue on one), then by pages affected.
  const byPages = [...crawl.issues]
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.pages - a.pages || a.rule.localeCompare(b.rule))
    .slice(0, TOP_ISSUES);
  const paint = (severity: keyof typeof SEVERITY_RANK) =>
    severity === 'critical' ? style.red : severity === 'warning' ? style.yellow : style.dim;
  const rows = byPages.map((i) => [
    paint(i.severity)(tr.t(`cli.severity.${i.severity}`)),
    tr.t('crawl.pages', { count: i.pages }),
    tr.percent(i.share),
    `${safe(ruleTitleIn(tr, i.rule, i.title))} ${style.dim(`(${i.rule})`)}`,
  ]);
  const more = crawl.issues.length - byPages.length;
  return [
    style.bold(tr.t('cli.topIssues', { count: crawl.issues.length })),
    ...(tr.lang !== 'en' ? [`  ${style.dim(tr.t('cli.adviceEnglish'))}`] : []),
    ...table(rows),
    ...(more > 0 ? [style.dim(`  ${tr.t('cli.moreIssues', { count: more })}`)] : []),
  ];
}

/** Each critical issue with its advice and example pages (EXAMPLES of them, the rest counted). */
function criticalAdvice(crawl: Crawl, advice: Readonly<Record<string, string>>, style: Style, tr: Translator): string[] {
  const critical = crawl.issues.filter((i) => i.severity === 'critical').sort((a, b) => b.pages - a.pages || a.rule.localeCompare(b.rule));
  if (!critical.length) return [];
  const lines = [style.bold(tr.t('cli.criticalWhatToDo'))];
  for (const issue of critical) {
    lines.push('', `  ${style.red('✖')} ${style.bold(safe(ruleTitleIn(tr, issue.rule, issue.title)))} ${style.dim(`(${issue.rule})`)}`);
    const detail = advice[issue.rule];
    if (detail) lines.push(...wrap(safe(detail), WIDTH, '      '));
    const examples = issue.examples.slice(0, EXAMPLES);
    if (!examples.length) continue;
    lines.push(
      `      ${style.dim(tr.t('cli.criticalExamples', { count: issue.pages }))}`,
      ...examples.map((url) => `        ${safe(url)}`),
    );
    if (issue.pages > examples.length) lines.push(`        ${style.dim(tr.t('crawl.andMore', { count: issue.pages - examples.length }))}`);
  }
  return lines;
}

function templates(crawl: Crawl, style: Style, tr: Translator): string[] {
  if (crawl.templates.length < 2) return [];
  const worst = [...crawl.templates].sort((a, b) => a.score - b.score || b.pages - a.pages).slice(0, WORST_TEMPLATES);
  return [
    style.bold(tr.t('cli.worstTemplates')),
    ...table(
      worst.map((t) => [scoreColor(style, t.score)(String(t.score).padStart(3)), safe(t.pattern), tr.t('crawl.pages', { count: t.pages })]),
    ),
  ];
}

function worstPages(pages: readonly CrawlPage[], failedCount: number, style: Style, tr: Translator): string[] {
  const audited = pages.filter((p) => p.score !== null);
  const failed = pages.filter((p) => p.score === null);
  const lines: string[] = [];
  if (audited.length > 1) {
    const worst = [...audited].sort((a, b) => a.score! - b.score!).slice(0, WORST_PAGES);
    lines.push(
      style.bold(tr.t('cli.worstPages')),
      ...table(
        worst.map((p) => [
          scoreColor(style, p.score!)(String(p.score).padStart(3)),
          safe(p.url),
          p.critical ? style.red(tr.t('cli.criticalIssue')) : '',
        ]),
      ),
    );
  }
  if (failed.length) {
    if (lines.length) lines.push('');
    lines.push(
      style.bold(tr.t('cli.failedPages', { count: failedCount })),
      ...table(failed.slice(0, WORST_PAGES).map((p) => [safe(p.url), style.dim(safe(p.error ?? ''))])),
    );
  }
  return lines;
}

function site(crawl: Crawl, style: Style, tr: Translator): string[] {
  const s = crawl.site;
  if (!s) return [];
  const robots = `${s.robots_txt.status}; Citable ${s.robots_txt.citable}${s.robots_txt.crawl_delay !== null ? `; Crawl-delay ${s.robots_txt.crawl_delay} s` : ''}`;
  const sitemaps = s.sitemaps.length
    ? s.sitemaps.map((m) => tr.t('cli.sitemapLine', { url: safe(m.url), status: m.status, count: m.urls })).join(', ')
    : tr.t('cli.sitemapsNone');
  const { pages, markdown_served: markdown, ai_agents_blocked: blocked } = s.sample;
  const sample = tr.t('cli.sampleLine', { count: pages.length, markdown, blocked });
  const llms = s.llms_txt.status === 'present' ? tr.t(s.llms_txt.valid ? 'cli.llmsValid' : 'cli.llmsWithProblems') : '';
  const rows = [
    ['robots.txt', robots],
    ['llms.txt', `${s.llms_txt.status}${llms}`],
    [tr.t('cli.sitemaps'), sitemaps],
    [tr.t('cli.sample'), sample],
  ];
  const lines = [style.bold(tr.t('cli.site')), ...table(rows)];
  for (const issue of s.issues) lines.push(`  - ${safe(ruleTitleIn(tr, issue.rule, issue.title))}: ${safe(issue.detail)}`);
  return lines;
}

function notes(crawl: Crawl, style: Style, tr: Translator): string[] {
  return crawl.notes.length ? [style.bold(tr.t('cli.notes')), ...crawl.notes.map((n) => `  - ${safe(n)}`)] : [];
}
