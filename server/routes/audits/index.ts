import type { RouteModule } from '../route-module.js';
import { createAuditRoute } from './create-audit.js';
import { getAuditRoute } from './get-audit.js';
import { listAuditsRoute } from './list-audits.js';
import { syncAuditRoute } from './sync-audit.js';

export const AUDIT_ROUTES: readonly RouteModule[] = [createAuditRoute, listAuditsRoute, getAuditRoute, syncAuditRoute];
