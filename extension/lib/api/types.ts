/**
 * The backend's wire shapes the extension reads, as types only (no zod at run time in the extension):
 * from shared/schema where the server defines them, and the crawl from the report types (docs/api-decisions.md#crawls).
 */
export type { AuditSummary, AuditList } from '../../../shared/schema/api.js';
export type { Monitor, MonitorKind, MonitorPeriod } from '../../../shared/schema/monitor.js';
export type { Webhook, CreatedWebhook, Delivery, WebhookEventType } from '../../../shared/schema/webhook.js';
export type { Project } from '../../../shared/schema/project.js';
export type { Prompt } from '../../../shared/schema/prompt.js';
export type { CitationSummary, CitationSources, Source } from '../../../shared/schema/citation-intelligence.js';
export type { CitationResult, CitationCheck } from '../../../shared/schema/citation.js';
export type { Branding, ShareSummary } from '../../../shared/schema/reports.js';
export type { AuditDiff } from '../../../shared/diff/audit-diff.js';
export type { Fix, FixPolicy } from '../../../shared/fixes/types.js';
export type { ReportCrawl as Crawl, CrawlPage } from '../../../shared/report/types.js';

/** `POST /audits/{id}/share` and `POST /crawls/{id}/share` (201). */
export interface CreatedShare {
  id: string;
  url: string;
  expires_at: string;
}
