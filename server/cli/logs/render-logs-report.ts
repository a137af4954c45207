/**
 * The terminal report of `citable logs`: what was read, hits by purpose, the agents (verified or spoofed, their
 * status mix), the pages AI agents fetch most, visits from answer engines, a daily sparkline, bots the table does
 * not know, and the lines that could not be read. Everything that comes from the logs (paths, user agents, file
 * names) goes through `safe`: a hostile log line cannot move the cursor or recolour the terminal.
 */
import type { Traffic } from '../../../shared/schema/traffic.js';
import { safe, table } from '../report/text.js';
import { createStyle, type Style } from '../report/style.js';

export interface LogsReportExtras {
  /** Of the skipped lines, those that could not be read. */
  unreadable: number;
  /** User agents that call themselves bots but are not in the table, most seen first. */
  otherBots: [string, number][];
  /** Where the address ranges came from (the shipped snapshot, or a refreshed file). */
  rangesNote: string;
}

export interface LogsReportOptions {
  color: boolean;
  columns?: number;
}

const n = (v: number) => v.toLocaleString('en');
const pct = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`);
const BLOCKS = '▁▂▃▄▅▆▇█';
const cut = (s: string, width: number) => (s.length > width ? `${s.slice(0, width - 1)}…` : s);

/** Values as a row of block characters, at most `width` (consecutive values summed into buckets). */
export function sparkline(values: readonly number[], width: number): string {
  if (values.length === 0) return '';
  const size = Math.ceil(values.length / width);
  const buckets: number[] = [];
  for (let i = 0; i < values.length; i += size) buckets.push(values.slice(i, i + size).reduce((s, v) => s + v, 0));
  const max = Math.max(...buckets);
  return buckets.map((v) => (max === 0 ? BLOCKS[0] : BLOCKS[Math.min(7, Math.floor((v / max) * 7.999))])).join('');
}

function header(t: Traffic, extras: LogsReportExtras, s: Style): string[] {
  const window =
    t.since && t.until ? `${t.since.slice(0, 16).replace('T', ' ')} to ${t.until.slice(0, 16).replace('T', ' ')} UTC` : 'no lines counted';
  const skipped =
    t.skipped === 0
      ? ''
      : `, ${n(t.skipped)} skipped (${n(extras.unreadable)} unreadable, ${n(t.skipped - extras.unreadable)} outside the window or site)`;
  return [
    s.bold(`AI crawler traffic${t.site ? ` for ${safe(t.site)}` : ''}`),
    `  ${window}`,
    `  ${n(t.lines)} lines read: ${n(t.parsed)} counted${skipped}`,
    `  ${extras.rangesNote}`,
  ];
}

function purposes(t: Traffic, s: Style): string[] {
  const total = t.purposes.reduce((sum, p) => sum + p.hits, 0);
  if (total === 0) return [s.bold('AI agents'), '  No AI agent of the table was seen.'];
  const max = Math.max(...t.purposes.map((p) => p.hits));
  const rows = t.purposes.map((p) => [
    p.purpose.replace('_', ' '),
    n(p.hits),
    pct(p.hits, total),
    s.cyan('█'.repeat(Math.round((p.hits / max) * 24))),
  ]);
  return [s.bold(`AI agents by purpose (${n(total)} hits)`), ...table(rows)];
}

function agents(t: Traffic, s: Style): string[] {
  if (t.agents.length === 0) return [];
  const rows = [
    ['agent', 'operator', 'purpose', 'hits', 'verified', 'spoofed', 'unverified', '2xx', '3xx', '4xx', '5xx', 'pages', 'last seen'].map(
      s.dim,
    ),
  ];
  for (const a of t.agents.slice(0, 25)) {
    rows.push([
      a.agent,
      cut(a.operator, 24),
      a.purpose.replace('_', ' '),
      n(a.hits),
      n(a.verified),
      a.spoofed > 0 ? s.red(n(a.spoofed)) : '0',
      n(a.unverified),
      ...(['2xx', '3xx', '4xx', '5xx'] as const).map((c) => pct(a.statuses[c], a.hits)),
      n(a.pages),
      a.last_seen.slice(0, 10),
    ]);
  }
  const more = t.agents.length > 25 ? [`  … and ${t.agents.length - 25} more (--json lists all)`] : [];
  const spoofed = t.agents.reduce((sum, a) => sum + a.spoofed, 0);
  const verified = t.agents.reduce((sum, a) => sum + a.verified, 0);
  const note = `  Verified ${n(verified)}, spoofed ${n(spoofed)}: a spoofed hit names an agent from outside the ranges its operator publishes.`;
  return [s.bold('Agents'), ...table(rows), ...more, spoofed > 0 ? s.yellow(note) : note];
}

function pages(t: Traffic, s: Style, width: number): string[] {
  if (t.top_pages.length === 0) return [];
  const rows = [
    ['path', 'hits', 'agents'].map(s.dim),
    ...t.top_pages.slice(0, 10).map((p) => [cut(safe(p.path), width - 30), n(p.hits), n(p.agents)]),
  ];
  return [s.bold('Pages AI agents fetch most'), ...table(rows)];
}

function referrals(t: Traffic, s: Style, width: number): string[] {
  if (t.referrals.length === 0) return [s.bold('AI referrals'), '  No visit came from an answer engine (by Referer or utm_source).'];
  const visits = t.referrals.reduce((sum, r) => sum + r.visits, 0);
  const lines = [s.bold(`AI referrals (${n(visits)} visit${visits === 1 ? '' : 's'})`)];
  for (const r of t.referrals) {
    const landing = r.landing_pages.slice(0, 3).map((p) => `${safe(p.path)} (${n(p.visits)})`);
    lines.push(cut(`  ${r.engine.padEnd(14)} ${n(r.visits).padStart(8)}  ${landing.join(', ')}`, width));
  }
  return lines;
}

function daily(t: Traffic, s: Style, width: number): string[] {
  if (t.series.length < 2) return [];
  const first = t.series[0]!.date;
  const last = t.series[t.series.length - 1]!.date;
  const spark = (values: number[]) => sparkline(values, Math.max(10, width - 34));
  const hits = t.series.map((d) => Object.values(d.hits_by_purpose).reduce((sum, v) => sum + v, 0));
  return [
    s.bold(`Daily, ${first} to ${last}`),
    `  AI agent hits  ${s.cyan(spark(hits))}`,
    `  AI referrals   ${s.green(spark(t.series.map((d) => d.referrals)))}`,
  ];
}

function otherBots(extras: LogsReportExtras, s: Style, width: number): string[] {
  if (extras.otherBots.length === 0) return [];
  const rows = extras.otherBots.slice(0, 8).map(([ua, count]) => [n(count), cut(safe(ua), width - 14)]);
  return [s.bold('Other self-declared bots (not in the table)'), ...table(rows)];
}

function problems(t: Traffic, extras: LogsReportExtras, s: Style, width: number): string[] {
  if (t.problems.length === 0) return [];
  const title = `Lines that could not be read (${n(extras.unreadable)}${extras.unreadable > t.problems.length ? `, first ${t.problems.length} shown` : ''})`;
  return [s.bold(title), ...t.problems.map((p) => cut(`  line ${n(p.line)}: ${safe(p.reason)}`, width))];
}

export function renderLogsReport(t: Traffic, extras: LogsReportExtras, options: LogsReportOptions): string {
  const s = createStyle(options.color);
  const width = Math.max(60, Math.min(options.columns ?? 100, 140));
  const sections = [
    header(t, extras, s),
    purposes(t, s),
    agents(t, s),
    pages(t, s, width),
    referrals(t, s, width),
    daily(t, s, width),
    otherBots(extras, s, width),
    problems(t, extras, s, width),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
