/**
 * An audit as the client report (shared/report: the same HTML file the server serves at
 * GET /audits/{id}/report) or as its JSON. Loaded on demand: the popup's first paint does not need it.
 */
import { renderAuditReportHtml } from '../../../shared/report/render-audit-report.js';
import type { ReportAudit, ReportBranding, ScorePoint } from '../../../shared/report/types.js';
import type { Audit } from '../../../shared/types/audit.js';
import type { Fix } from '../../../shared/fixes/types.js';
import { exportFileName } from './file-name.js';
import { saveFile } from './save-file.js';

export interface ExportOptions {
  branding?: ReportBranding | null;
  /** Earlier scores of the same page for the history chart. */
  history?: readonly ScorePoint[];
  /** The audit's fixes (GET /audits/{id}/fixes), shown under their issues. */
  fixes?: readonly Fix[] | null;
}

export function auditReportHtml(audit: Audit, options: ExportOptions = {}): string {
  return renderAuditReportHtml(audit as unknown as ReportAudit, {
    branding: options.branding ?? null,
    history: options.history ?? [],
    fixes: options.fixes ?? null,
  });
}

export function exportAuditHtml(audit: Audit, options: ExportOptions = {}): string {
  const name = exportFileName(audit.final_url || audit.url, audit.scanned_at, 'html');
  saveFile(name, 'text/html;charset=utf-8', auditReportHtml(audit, options));
  return name;
}

export function exportAuditJson(audit: Audit): string {
  const name = exportFileName(audit.final_url || audit.url, audit.scanned_at, 'json');
  saveFile(name, 'application/json', `${JSON.stringify(audit, null, 2)}\n`);
  return name;
}

/** Saves an already rendered report (the dashboard's, with branding and history) under the usual name. */
export function saveHtml(audit: Audit, html: string): string {
  const name = exportFileName(audit.final_url || audit.url, audit.scanned_at, 'html');
  saveFile(name, 'text/html;charset=utf-8', html);
  return name;
}
