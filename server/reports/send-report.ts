/**
 * Answers a report request: the HTML as is, or printed to PDF. Both carry the policy that allows no script and
 * no request (REPORT_CSP), and are never cached by a shared cache (a share can be revoked at any moment).
 * PDF failures become the API's 503s, with Retry-After when waiting helps; a link or account beyond its share of
 * the printer (fair-printer.ts) gets a 429 with Retry-After.
 */
import type { Context } from 'koa';
import { REPORT_CSP } from '../../shared/report/components/ReportDocument.js';
import { pdfFooterTemplate } from '../../shared/report/pdf-footer.js';
import type { Paper, ReportBranding } from '../../shared/report/types.js';
import type { ReportLanguage } from '../../shared/i18n/languages.js';
import { HttpError } from '../http/http-error.js';
import { PdfBusyError, PdfLaneBusyError, PdfTimeoutError, PdfUnavailableError } from './pdf/pdf-errors.js';
import type { PdfLane, PdfRenderer } from './pdf/pdf-renderer.js';

export interface ReportResponse {
  html: string;
  format: 'html' | 'pdf';
  paper: Paper;
  branding: ReportBranding | null;
  /** The report's language: the PDF footer's "Page n of N" says it in it. */
  lang?: ReportLanguage;
  /** The audited page or site, for the PDF footer and the file name. */
  subjectUrl: string;
  /** The file name's distinguishing part (`citable-report-<slug>.pdf`). */
  slug: string;
  /** Whose PDF: the account, and the share it was asked through (the printer's fair line, fair-printer.ts). */
  lane: PdfLane;
}

export const REPORT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': REPORT_CSP,
  // REPORT_CSP's frame-ancestors 'none', for browsers that only know the older header.
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
};

/** Seconds a share link (or account) asking for more PDFs than its share is told to wait: a PDF prints in one to a few. */
const LANE_RETRY_AFTER_S = 10;

export async function sendReport(ctx: Context, pdf: PdfRenderer, report: ReportResponse): Promise<void> {
  ctx.set(REPORT_HEADERS);
  ctx.set('Content-Language', report.lang ?? 'en');
  ctx.vary('Accept-Language'); // with no ?lang= and no branding language, the reader's header chooses
  if (report.format === 'html') {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = report.html;
    return;
  }
  let bytes: Buffer;
  try {
    bytes = await pdf.render(
      {
        html: report.html,
        paper: report.paper,
        footerTemplate: pdfFooterTemplate(report.branding, report.subjectUrl, report.lang),
      },
      report.lane,
    );
  } catch (error) {
    if (error instanceof PdfLaneBusyError) throw new HttpError(429, error.message, { 'Retry-After': String(LANE_RETRY_AFTER_S) });
    if (error instanceof PdfUnavailableError) throw new HttpError(503, error.message);
    if (error instanceof PdfBusyError || error instanceof PdfTimeoutError) throw new HttpError(503, error.message, { 'Retry-After': '5' });
    throw error;
  }
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `inline; filename="citable-report-${report.slug}.pdf"`);
  ctx.body = bytes;
}

/** A file-name-safe slug of a URL's host: `client-example-com`. */
export function urlSlug(url: string): string {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(url)?.[1] ?? url;
  return (
    host
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'report'
  );
}
