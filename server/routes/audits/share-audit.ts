/** POST /audits/{id}/share `{expires_in_days?}`: a share link to the audit's report (../shares/create-share.ts). */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { shareRoute, type ShareTargetLookup } from '../shares/create-share.js';

export const findAuditTarget: ShareTargetLookup = async (store, accountId, rawId) => {
  const id = auditIdFromPath(rawId);
  return id && (await store.getAuditRecord(accountId, id)) ? id : null;
};

export const shareAudit = shareRoute('audit', '/audits/:id/share', findAuditTarget, 'Audit not found');
