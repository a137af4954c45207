import type { Audit, CrawlerVerdict } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import { safe, table } from './text.js';

/** One row per AI agent: purpose, the robots.txt verdict, and what the page served that agent. */
export function crawlersSection(audit: Audit, { style, tr }: ReportContext): string[] {
  const lines = [style.bold(tr.t('cli.crawlers'))];
  if (audit.crawlers.length === 0) return [...lines, `  ${style.dim(tr.t('cli.noCrawlers'))}`];
  const rows = audit.crawlers.map((c) => [
    safe(c.agent),
    tr.t(`cli.purpose.${c.purpose}`),
    c.robots === 'blocked' ? style.red(tr.t('cli.blocked')) : style.green(tr.t('cli.allowed')),
    answered(c, { style, tr }),
    style.dim(safe(c.operator)),
  ]);
  const probed = audit.crawlers.some((c) => c.served || c.http_status !== undefined);
  return [
    ...lines,
    ...table([[tr.t('cli.agent'), tr.t('cli.purpose'), 'robots.txt', tr.t('cli.page'), tr.t('cli.operator')].map(style.dim), ...rows]),
    ...(probed ? [`  ${style.dim(tr.t('crawlers.probeNote'))}`] : []),
  ];
}

function answered(c: CrawlerVerdict, { style, tr }: Pick<ReportContext, 'style' | 'tr'>): string {
  if (c.served) {
    const s = c.served;
    const status = s.http_status === null ? tr.t('crawlers.noResponse') : String(s.http_status);
    // "403 blocked": lower case in a line, but German nouns keep their capital.
    const label = tr.t(`served.${s.outcome}`);
    const outcome = tr.lang === 'de' ? label : label.toLocaleLowerCase(tr.locale);
    const alike = s.outcome === 'different_content' ? ` ${tr.t('cli.alike', { similarity: similarity(tr, s.similarity) })}` : '';
    const text = `${status} ${outcome}${alike}`;
    if (s.outcome === 'ok') return text;
    return s.outcome === 'payment_required' || s.outcome === 'different_content' ? style.yellow(text) : style.red(text);
  }
  // An audit made before the edge probes: its status and challenge flag alone.
  if (c.http_status === undefined) return style.dim('-');
  const status = String(c.http_status);
  if (c.challenged) return style.red(tr.t('cli.challenged', { status }));
  if (c.http_status === 402) return style.yellow(tr.t('cli.askedToPay'));
  return c.http_status >= 200 && c.http_status < 300 ? status : style.red(status);
}

/** 0.8 as "0.80" (English) or "0,80" (German). */
function similarity(tr: ReportContext['tr'], value: number): string {
  return new Intl.NumberFormat(tr.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}
