import type { Audit, CrawlerVerdict } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import { safe, table } from './text.js';

/** One row per AI agent: purpose, the robots.txt verdict, and how the page answered that agent. */
export function crawlersSection(audit: Audit, { style }: ReportContext): string[] {
  const lines = [style.bold('AI crawlers')];
  if (audit.crawlers.length === 0) return [...lines, `  ${style.dim('No crawler verdicts.')}`];
  const rows = audit.crawlers.map((c) => [
    safe(c.agent),
    c.purpose,
    c.robots === 'blocked' ? style.red('blocked') : style.green('allowed'),
    answered(c, style),
    style.dim(safe(c.operator)),
  ]);
  return [...lines, ...table([['Agent', 'Purpose', 'robots.txt', 'Page', 'Operator'].map(style.dim), ...rows])];
}

function answered(c: CrawlerVerdict, style: ReportContext['style']): string {
  if (c.http_status === undefined) return style.dim('-');
  const status = String(c.http_status);
  if (c.challenged) return style.red(`${status} challenged`);
  if (c.http_status === 402) return style.yellow('402 asked to pay');
  return c.http_status >= 200 && c.http_status < 300 ? status : style.red(status);
}
