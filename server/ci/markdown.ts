/**
 * `--format markdown`: a pull-request comment or a job summary. The score (and its change against
 * `--baseline`), the categories, what changed (new and fixed issues, issues on more or fewer pages), the
 * critical issues, then every issue folded away. Text that comes from the audited site is escaped
 * (markdown-text.ts). Kept under GitHub's 65,536-character limit for a comment: long lists are cut, and
 * say how many entries were left out.
 */
import type { Baseline } from './baseline.js';
import { criticalIssues, type CiReport, type RolledIssue } from './ci-report.js';
import { compare, type Change } from './compare.js';
import { mdCode, mdText, signed } from './markdown-text.js';
import { RULES_DOC_PATH } from './rule-catalogue.js';
import { CITABLE_VERSION } from './tool.js';

/** Entries of one list before "and N more". */
const LIST_MAX = 25;
/** Rows of the folded table of every issue. */
const TABLE_MAX = 150;
/** GitHub refuses a comment longer than 65,536 characters. */
export const MARKDOWN_MAX_CHARS = 65_000;

export function toMarkdown(report: CiReport, baseline: Baseline | null): string {
  const change = baseline ? compare(baseline, report) : null;
  const sections = [
    heading(report),
    scoreLine(report, change),
    categoryTable(report, change),
    change ? changeSection(change) : null,
    criticalSection(report),
    allIssues(report),
    footer(report, baseline),
  ];
  const text = sections.filter((s): s is string => s !== null).join('\n\n') + '\n';
  return text.length <= MARKDOWN_MAX_CHARS ? text : `${text.slice(0, MARKDOWN_MAX_CHARS)}\n\n_(cut at ${MARKDOWN_MAX_CHARS} characters)_\n`;
}

function heading(report: CiReport): string {
  return `### Citable ${report.kind === 'crawl' ? 'site audit' : 'audit'} of ${mdCode(report.url)}`;
}

function scoreLine(report: CiReport, change: Change | null): string {
  const score = report.score === null ? '**no score**' : `**${report.score}/100**`;
  const parts = [`Score ${score}`];
  if (change && change.score.from !== null && report.score !== null) {
    parts.push(`${signed(report.score - change.score.from)} since the baseline (${change.score.from})`);
  } else if (change) parts.push('the baseline has no score');
  if (report.scoreCap) parts.push(`capped at ${report.scoreCap.max}: ${mdText(report.scoreCap.reason)}`);
  if (report.kind === 'crawl') {
    parts.push(`${report.audited} page${report.audited === 1 ? '' : 's'} audited${report.failed ? `, ${report.failed} failed` : ''}`);
  }
  if (report.status !== 'complete') parts.push(`crawl ${report.status}`);
  return parts.join(' · ');
}

function categoryTable(report: CiReport, change: Change | null): string | null {
  if (report.categories.length === 0) return null;
  const rows = report.categories.map((c) => {
    const now = c.applicable ? String(c.score) : 'n/a';
    if (!change) return `| ${c.name} | ${now} |`;
    const before = change.categories.find((x) => x.name === c.name)?.from;
    return `| ${c.name} | ${now} | ${categoryDelta(before, c.applicable ? c.score : null)} |`;
  });
  const head = change ? '| Category | Score | Change |\n| --- | ---: | ---: |' : '| Category | Score |\n| --- | ---: |';
  return [head, ...rows].join('\n');
}

/** Blank when unknown or n/a both times; "was 80" when it is n/a now; "was n/a" when it was then. */
function categoryDelta(before: number | null | undefined, now: number | null): string {
  if (before === undefined || (before === null && now === null)) return '';
  if (now === null) return `was ${before}`;
  return before === null ? 'was n/a' : signed(now - before);
}

function changeSection(change: Change): string {
  const parts = ['#### What changed since the baseline'];
  if (!change.newIssues.length && !change.fixedIssues.length && !change.morePages.length && !change.fewerPages.length) {
    parts.push('No issue appeared or went away.');
    return parts.join('\n\n');
  }
  const listed = <T>(title: string, items: T[], line: (item: T) => string) => {
    if (items.length) parts.push(`**${title} (${items.length})**\n\n${capped(items.map(line))}`);
  };
  listed('New issues', change.newIssues, (i) => `- ${issueLine(i)}`);
  listed('Fixed', change.fixedIssues, (i) => `- ${i.severity} ${mdCode(i.rule)} ${mdText(i.title)}`);
  listed('On more pages', change.morePages, (m) => `- ${mdCode(m.rule)} ${mdText(m.title)}: ${m.from} → ${m.to} pages`);
  listed('On fewer pages', change.fewerPages, (m) => `- ${mdCode(m.rule)} ${mdText(m.title)}: ${m.from} → ${m.to} pages`);
  return parts.join('\n\n');
}

function criticalSection(report: CiReport): string {
  const critical = criticalIssues(report);
  if (critical.length === 0) return '#### Critical issues\n\nNone.';
  const lines = critical.map((i) => {
    const where = report.kind === 'crawl' ? ` On ${i.pages} page${i.pages === 1 ? '' : 's'}${exampleText(i)}.` : '';
    return `- ${mdCode(i.rule)} **${mdText(i.title)}**${i.detail ? `: ${mdText(i.detail)}` : ''}${where}`;
  });
  return `#### Critical issues (${critical.length})\n\n${capped(lines)}`;
}

function allIssues(report: CiReport): string | null {
  if (report.issues.length === 0) return null;
  const crawl = report.kind === 'crawl';
  const rows = report.issues
    .slice(0, TABLE_MAX)
    .map((i) => `| ${i.severity} | ${mdCode(i.rule, true)} | ${mdText(i.title)} |${crawl ? ` ${i.pages} |` : ''}`);
  const more = report.issues.length > TABLE_MAX ? `\n\n_and ${report.issues.length - TABLE_MAX} more_` : '';
  const head = crawl
    ? '| Severity | Rule | Issue | Pages |\n| --- | --- | --- | ---: |'
    : '| Severity | Rule | Issue |\n| --- | --- | --- |';
  return `<details><summary>All issues (${report.issues.length})</summary>\n\n${head}\n${rows.join('\n')}${more}\n\n</details>`;
}

function footer(report: CiReport, baseline: Baseline | null): string {
  const against = baseline ? ` Compared with a baseline of ${mdCode(baseline.url || 'an earlier run')}.` : '';
  return `<sub>Citable ${CITABLE_VERSION}. Each rule is explained in ${mdCode(RULES_DOC_PATH)}.${against}${report.notes.length ? ` ${mdText(report.notes.join(' '))}` : ''}</sub>`;
}

function issueLine(i: RolledIssue): string {
  return `${i.severity} ${mdCode(i.rule)} ${mdText(i.title)}${i.pages > 1 ? ` (${i.pages} pages)` : ''}`;
}

function exampleText(i: RolledIssue): string {
  return i.examples.length
    ? `, such as ${i.examples
        .slice(0, 2)
        .map((u) => mdCode(u))
        .join(' and ')}`
    : '';
}

function capped(lines: string[]): string {
  return lines.length <= LIST_MAX ? lines.join('\n') : [...lines.slice(0, LIST_MAX), `- _and ${lines.length - LIST_MAX} more_`].join('\n');
}
