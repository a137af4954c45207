/** The routes of contract section 11: reports, branding, share links and diffs (the key-less GET /r/{token} is share-page.ts). */
import type { RouteModule } from '../route-module.js';
import { auditDiffRoute } from './audit-diff.js';
import { auditReportRoute } from './audit-report.js';
import { getBrandingRoute, putBrandingRoute } from './branding.js';
import { createAuditShareRoute, deleteShareRoute, listSharesRoute } from './shares.js';

export const REPORT_ROUTES: readonly RouteModule[] = [
  auditDiffRoute,
  auditReportRoute,
  createAuditShareRoute,
  getBrandingRoute,
  putBrandingRoute,
  listSharesRoute,
  deleteShareRoute,
];
