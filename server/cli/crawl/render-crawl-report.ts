/**
 * The readable site report `citable crawl` prints: the site score and categories, the top issues by pages
 * affected, the worst templates, the worst pages, what the site files and the sample said, and the notes.
 */
import type { Crawl, CrawlPage } from '../../../shared/schema/crawl.js';
import { scoreBar } from '../report/bar.js';
import { createStyle, scoreColor, type Style } from '../report/style.js';
import { padEnd, safe, table, wrap } from '../report/text.js';
import { plural } from '../../../shared/report/format.js';

const BAR_WIDTH = 20;
export const TOP_ISSUES = 10;
export const WORST_TEMPLATES = 5;
export const WORST_PAGES = 10;
/** Example pages listed under a critical issue; the rest are counted ("and N more"), as in the HTML report. */
export const EXAMPLES = 3;
const WIDTH = 100;

/** The words of the critical issues' section, in one place so they can be translated. */
export const CRAWL_WORDS = {
  criticalHeading: 'Critical issues: what to do',
  pagesWithIt: (pages: number) => `on ${plural(pages, 'page')}, for example:`,
  andMore: (n: number) => `and ${n} more`,
} as const;

export interface CrawlReportOptions {
  color: boolean;
  /**
   * Pages in the order they were done: at least the WORST_PAGES lowest-scoring audited ones and the first
   * WORST_PAGES failed ones (every page will do; `citable crawl` keeps just those). The failed count is the crawl's.
   */
  pages: readonly CrawlPage[];
  elapsedMs: number;
  /** Advice per critical rule id (one page's detail), printed under the critical issue. */
  advice?: Readonly<Record<string, string>>;
}

export function renderCrawlReport(crawl: Crawl, options: CrawlReportOptions): string {
  const style = createStyle(options.color);
  const sections = [
    summary(crawl, style, options.elapsedMs),
    categories(crawl, style),
    issues(crawl, style),
    criticalAdvice(crawl, options.advice ?? {}, style),
    templates(crawl, style),
    worstPages(options.pages, crawl.progress.failed, style),
    site(crawl, style),
    notes(crawl, style),
  ]
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'));
  return `${sections.join('\n\n')}\n`;
}

function summary(crawl: Crawl, style: Style, elapsedMs: number): string[] {
  const p = crawl.progress;
  const facts: string[][] = [
    [
      'Status',
      `${crawl.status}: ${plural(p.audited, 'page')} audited, ${p.failed} failed, ${p.skipped} skipped, in ${(elapsedMs / 1000).toFixed(1)} s`,
    ],
    [
      'Score',
      crawl.score === null
        ? style.dim('none (no page was audited)')
        : `${style.bold(scoreColor(style, crawl.score)(`${crawl.score}/100`))}  ${scoreBar(crawl.score, BAR_WIDTH, style)}  ${style.dim('(mean of the pages)')}`,
    ],
  ];
  if (crawl.builder) facts.push(['Builder', safe(crawl.builder)]);
  if (crawl.error) facts.push(['Error', style.red(safe(crawl.error))]);
  return [style.bold(`Citable site audit of ${safe(crawl.url)}`), ...table(facts)];
}

function categories(crawl: Crawl, style: Style): string[] {
  if (!crawl.category_scores.length) return [];
  const width = Math.max(...crawl.category_scores.map((c) => c.name.length));
  const rows = crawl.category_scores.map((c) =>
    c.applicable === false
      ? `  ${padEnd(c.name, width)}  ${style.dim('·'.repeat(BAR_WIDTH))}  ${style.dim('n/a')}`
      : `  ${padEnd(c.name, width)}  ${scoreBar(c.score, BAR_WIDTH, style)}  ${scoreColor(style, c.score)(String(c.score).padStart(3))}`,
  );
  return [style.bold('Categories'), ...rows];
}

const SEVERITY_LABEL = { critical: 'CRITICAL', warning: 'warning', notice: 'notice' } as const;
const SEVERITY_RANK = { critical: 0, warning: 1, notice: 2 } as const;

function issues(crawl: Crawl, style: Style): string[] {
  if (!crawl.issues.length)
    return crawl.status === 'complete' && crawl.progress.audited
      ? [style.bold('Issues'), style.green('  No issue on any audited page.')]
      : [];
  // Critical first (a notice on every page matters less than a critical issue on one), then by pages affected.
  const byPages = [...crawl.issues]
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.pages - a.pages || a.rule.localeCompare(b.rule))
    .slice(0, TOP_ISSUES);
  const paint = (severity: keyof typeof SEVERITY_LABEL) =>
    severity === 'critical' ? style.red : severity === 'warning' ? style.yellow : style.dim;
  const rows = byPages.map((i) => [
    paint(i.severity)(SEVERITY_LABEL[i.severity]),
    plural(i.pages, 'page'),
    `${Math.round(i.share * 100)}%`,
    `${safe(i.title)} ${style.dim(`(${i.rule})`)}`,
  ]);
  const more = crawl.issues.length - byPages.length;
  return [
    style.bold(`Top issues by pages affected (${crawl.issues.length} in all), critical first`),
    ...table(rows),
    ...(more > 0 ? [style.dim(`  and ${more} more: --json lists them all`)] : []),
  ];
}

/** Each critical issue with its advice and example pages (EXAMPLES of them, the rest counted). */
function criticalAdvice(crawl: Crawl, advice: Readonly<Record<string, string>>, style: Style): string[] {
  const critical = crawl.issues.filter((i) => i.severity === 'critical').sort((a, b) => b.pages - a.pages || a.rule.localeCompare(b.rule));
  if (!critical.length) return [];
  const lines = [style.bold(CRAWL_WORDS.criticalHeading)];
  for (const issue of critical) {
    lines.push('', `  ${style.red('✖')} ${style.bold(safe(issue.title))} ${style.dim(`(${issue.rule})`)}`);
    const detail = advice[issue.rule];
    if (detail) lines.push(...wrap(safe(detail), WIDTH, '      '));
    const examples = issue.examples.slice(0, EXAMPLES);
    if (!examples.length) continue;
    lines.push(`      ${style.dim(CRAWL_WORDS.pagesWithIt(issue.pages))}`, ...examples.map((url) => `        ${safe(url)}`));
    if (issue.pages > examples.length) lines.push(`        ${style.dim(CRAWL_WORDS.andMore(issue.pages - examples.length))}`);
  }
  return lines;
}

function templates(crawl: Crawl, style: Style): string[] {
  if (crawl.templates.length < 2) return [];
  const worst = [...crawl.templates].sort((a, b) => a.score - b.score || b.pages - a.pages).slice(0, WORST_TEMPLATES);
  return [
    style.bold('Worst templates'),
    ...table(worst.map((t) => [scoreColor(style, t.score)(String(t.score).padStart(3)), safe(t.pattern), plural(t.pages, 'page')])),
  ];
}

function worstPages(pages: readonly CrawlPage[], failedCount: number, style: Style): string[] {
  const audited = pages.filter((p) => p.score !== null);
  const failed = pages.filter((p) => p.score === null);
  const lines: string[] = [];
  if (audited.length > 1) {
    const worst = [...audited].sort((a, b) => a.score! - b.score!).slice(0, WORST_PAGES);
    lines.push(
      style.bold('Worst pages'),
      ...table(
        worst.map((p) => [
          scoreColor(style, p.score!)(String(p.score).padStart(3)),
          safe(p.url),
          p.critical ? style.red('critical issue') : '',
        ]),
      ),
    );
  }
  if (failed.length) {
    if (lines.length) lines.push('');
    lines.push(
      style.bold(`Pages that could not be audited (${failedCount})`),
      ...table(failed.slice(0, WORST_PAGES).map((p) => [safe(p.url), style.dim(safe(p.error ?? ''))])),
    );
  }
  return lines;
}

function site(crawl: Crawl, style: Style): string[] {
  const s = crawl.site;
  if (!s) return [];
  const robots = `${s.robots_txt.status}; Citable ${s.robots_txt.citable}${s.robots_txt.crawl_delay !== null ? `; Crawl-delay ${s.robots_txt.crawl_delay} s` : ''}`;
  const sitemaps = s.sitemaps.length ? s.sitemaps.map((m) => `${safe(m.url)} (${m.status}, ${m.urls} URLs)`).join(', ') : 'none found';
  const sample = `${s.sample.pages.length} pages fetched as AI agents and as Markdown: Markdown served on ${s.sample.markdown_served}, AI agents refused on ${s.sample.ai_agents_blocked}`;
  const rows = [
    ['robots.txt', robots],
    ['llms.txt', `${s.llms_txt.status}${s.llms_txt.status === 'present' ? (s.llms_txt.valid ? ', valid' : ', with problems') : ''}`],
    ['Sitemaps', sitemaps],
    ['Sample', sample],
  ];
  const lines = [style.bold('Site'), ...table(rows)];
  for (const issue of s.issues) lines.push(`  - ${safe(issue.title)}: ${safe(issue.detail)}`);
  return lines;
}

function notes(crawl: Crawl, style: Style): string[] {
  return crawl.notes.length ? [style.bold('Notes'), ...crawl.notes.map((n) => `  - ${safe(n)}`)] : [];
}
