/** Audits: run one, sync one from the extension, list, read; its diff, report, share link and fixes. */
import type { Route } from '../route.js';
import { createAudit } from './create-audit.js';
import { getAudit } from './get-audit.js';
import { getAuditDiff } from './get-audit-diff.js';
import { getAuditFixes } from './get-audit-fixes.js';
import { getAuditReport } from './get-audit-report.js';
import { listAudits } from './list-audits.js';
import { shareAudit } from './share-audit.js';
import { syncAudit } from './sync-audit.js';

export const AUDIT_ROUTES: readonly Route[] = [
  createAudit,
  listAudits,
  getAudit,
  syncAudit,
  getAuditDiff,
  getAuditReport,
  shareAudit,
  getAuditFixes,
];
