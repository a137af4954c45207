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
import { negotiateLanguage, type ReportLanguage } from '../../shared/i18n/languages.js';

/** What a request says about the report's language: `?lang=` and Accept-Language (docs/reports.md#languages-and-rule-links). */
export interface LanguageRequest {
  query: string | null;
  acceptLanguage: string | null;
}

/** The report's language and the `?lang=` it could not honour, from the request and the account's branding. */
export function reportLanguage(
  request: LanguageRequest | undefined,
  branding: ReportBranding | null,
): { lang: ReportLanguage; unsupportedLang: string | null } {
  const choice = negotiateLanguage({ query: request?.query, branding: branding?.language, acceptLanguage: request?.acceptLanguage });
  return { lang: choice.lang, unsupportedLang: choice.unsupported };
}

export interface AuditReportRequest {
  paper: Paper;
  medium: 'html' | 'pdf';
  /** The same report as a PDF (a share page), linked in its header. */
  pdfHref?: string | null;
  /** Draw the page's score history from the account's earlier audits. */
  withHistory: boolean;
  /** The request's language wishes; absent: the branding's language, else English. */
  language?: LanguageRequest;
  /** The published rule reference issues link to (REPORT_RULES_URL). */
  rulesDocUrl?: string | null;
}

export interface RenderedReport {
  html: string;
  branding: ReportBranding | null;
  lang: ReportLanguage;
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
): Promise<RenderedReport> {
  const [branding, earlier] = await Promise.all([
    accountBranding(store, accountId),
    request.withHistory ? store.earlierAudits(accountId, audit, HISTORY_POINTS - 1) : Promise.resolve([]),
  ]);
  const { lang, unsupportedLang } = reportLanguage(request.language, branding);
  const options: ReportOptions = {
    branding,
    lang,
    unsupportedLang,
    rulesDocUrl: request.rulesDocUrl ?? null,
    history: earlier.map((a) => ({ scanned_at: a.scanned_at, score: a.score, origin: a.origin })),
    paper: request.paper,
    medium: request.medium,
    pdfHref: request.pdfHref ?? null,
  };
  return { html: renderAuditReportHtml(audit, options), branding, lang };
}
