/**
 * An account's audit report: its branding and the page's earlier scores gathered from the store, then the pure
 * renderer (shared/report). A shared report (a link opened without a key) shows the shared audit alone: no
 * earlier audits, not even their scores.
 */
import { renderAuditReportHtml } from '../../shared/report/render-audit-report.js';
import { HISTORY_POINTS } from '../../shared/report/components/HistoryChart.js';
import type { Paper, ReportBranding, ReportOptions } from '../../shared/report/types.js';
import type { Audit } from '../../shared/types/audit.js';
import type { Store } from '../store/contracts/store.js';

export interface AuditReportRequest {
  paper: Paper;
  medium: 'html' | 'pdf';
  /** The same report as a PDF (a share page), linked in its header. */
  pdfHref?: string | null;
  /** Draw the page's score history from the account's earlier audits. */
  withHistory: boolean;
}

export async function accountBranding(store: Store, accountId: string): Promise<ReportBranding | null> {
  const stored = await (await store.branding()).getBranding(accountId);
  return (
    stored && {
      name: stored.name,
      accent: stored.accent,
      logo: stored.logo,
      contact: stored.contact ?? null,
      white_label: stored.white_label === true,
      language: stored.language ?? null,
    }
  );
}

export async function renderAccountAuditReport(
  store: Store,
  accountId: string,
  audit: Audit,
  request: AuditReportRequest,
): Promise<{ html: string; branding: ReportBranding | null }> {
  const [branding, earlier] = await Promise.all([
    accountBranding(store, accountId),
    request.withHistory ? store.earlierAudits(accountId, audit, HISTORY_POINTS - 1) : Promise.resolve([]),
  ]);
  const options: ReportOptions = {
    branding,
    history: earlier.map((a) => ({ scanned_at: a.scanned_at, score: a.score, origin: a.origin })),
    paper: request.paper,
    medium: request.medium,
    pdfHref: request.pdfHref ?? null,
  };
  return { html: renderAuditReportHtml(audit, options), branding };
}
