import type { Audit, CrawlerVerdict } from '../../../shared/types/audit.js';
import { PROBE_NOTE, SERVED_LABELS } from '../../../shared/report/wording.js';
import type { ReportContext } from './context.js';
import { safe, table } from './text.js';

/** One row per AI agent: purpose, the robots.txt verdict, and what the page served that agent. */
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
  const probed = audit.crawlers.some((c) => c.served || c.http_status !== undefined);
  return [
    ...lines,
    ...table([['Agent', 'Purpose', 'robots.txt', 'Page', 'Operator'].map(style.dim), ...rows]),
    ...(probed ? [`  ${style.dim(PROBE_NOTE)}`] : []),
  ];
}

function answered(c: CrawlerVerdict, style: ReportContext['style']): string {
  if (c.served) {
    const s = c.served;
    const status = s.http_status === null ? 'no response' : String(s.http_status);
    const text = `${status} ${SERVED_LABELS[s.outcome].toLowerCase()}${s.outcome === 'different_content' ? ` (${s.similarity.toFixed(2)} alike)` : ''}`;
    if (s.outcome === 'ok') return text;
    return s.outcome === 'payment_required' || s.outcome === 'different_content' ? style.yellow(text) : style.red(text);
  }
  // An audit made before the edge probes: its status and challenge flag alone.
  if (c.http_status === undefined) return style.dim('-');
  const status = String(c.http_status);
  if (c.challenged) return style.red(`${status} challenged`);
  if (c.http_status === 402) return style.yellow('402 asked to pay');
  return c.http_status >= 200 && c.http_status < 300 ? status : style.red(status);
}
