/** The routes of contract section 11: reports, branding, share links and diffs (the key-less /r/{token} is server/reports/share-page-route.ts). */
import type { RouteModule } from '../route-module.js';
import { auditDiffRoute } from './audit-diff.js';

export const REPORT_ROUTES: readonly RouteModule[] = [auditDiffRoute];
