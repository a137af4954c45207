/** A crawl's client report (shared/report), rendered on demand for the dashboard. */
import { renderCrawlReportHtml } from '../../../shared/report/render-crawl-report.js';
import type { CrawlPage, ReportBranding, ReportCrawl } from '../../../shared/report/types.js';
import type { Fix } from '../../../shared/fixes/types.js';

export function crawlReportHtml(
  crawl: ReportCrawl,
  options: { branding?: ReportBranding | null; worstPages?: readonly CrawlPage[]; fixes?: readonly Fix[] | null } = {},
): string {
  return renderCrawlReportHtml(crawl, {
    branding: options.branding ?? null,
    fixes: options.fixes ?? null,
    ...(options.worstPages ? { worstPages: options.worstPages } : {}),
  });
}
