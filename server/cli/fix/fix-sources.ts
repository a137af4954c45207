/**
 * Where `citable fix` gets its fixes: an audit run here (the page gathered once, its fixes built from the same
 * snapshot plus the pages it links to), an audit file from `citable audit --json` (the site read now), or an
 * audit or crawl stored on a Citable server (GET /audits/{id}/fixes, GET /crawls/{id}/fixes).
 */
import { gatherForAudit } from '../../../shared/audit/gather-for-audit.js';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { AuditFetchError, AuditInputError } from '../../../shared/audit/errors.js';
import { buildAuditFixes } from '../../../shared/fixes/build-fixes.js';
import { inputsFromSnapshot, readFixInputs, readLinkedPages } from '../../../shared/fixes/read-inputs.js';
import type { Fix, FixPolicy } from '../../../shared/fixes/types.js';
import { createNodeFetcher } from '../../net/node-fetcher.js';
import type { AuditSettings } from '../../settings/audit-settings.js';
import { createRemoteBackend } from '../../mcp/backends/remote-backend.js';
import { McpToolError } from '../../mcp/backend.js';
import { DiffInputError, readAuditFile } from '../diff/load-diff.js';

/** A mistake the user can correct (a URL that cannot be audited, a file that is not an audit, an unknown id). */
export class FixInputError extends Error {}

export async function fixesForUrl(url: string, settings: AuditSettings, policy: FixPolicy): Promise<Fix[]> {
  const fetcher = createNodeFetcher({ allowPrivate: settings.allowPrivate });
  let snapshot;
  try {
    snapshot = await gatherForAudit(url, { fetcher, limits: { deadlineMs: settings.deadlineMs } });
  } catch (error) {
    if (error instanceof AuditInputError) throw new FixInputError(error.message);
    if (error instanceof AuditFetchError) {
      const refused = error.code === 'blocked_address' || error.code === 'special_use_name';
      throw new FixInputError(
        `${error.message}${refused && !settings.allowPrivate ? ' Set AUDIT_ALLOW_PRIVATE=1 to audit it in local development.' : ''}`,
      );
    }
    throw error;
  }
  const audit = auditSnapshot(snapshot, { id: crypto.randomUUID() });
  const inputs = inputsFromSnapshot(snapshot);
  return buildAuditFixes(audit, { ...inputs, linked: await readLinkedPages(inputs, { fetcher }) }, policy);
}

export async function fixesFromFile(file: string, settings: AuditSettings, policy: FixPolicy): Promise<Fix[]> {
  let audit;
  try {
    audit = await readAuditFile(file);
  } catch (error) {
    if (error instanceof DiffInputError) throw new FixInputError(error.message);
    throw error;
  }
  const fetcher = createNodeFetcher({ allowPrivate: settings.allowPrivate });
  return buildAuditFixes(audit, await readFixInputs(audit.final_url, { fetcher, deadlineMs: settings.deadlineMs }), policy);
}

export async function fixesFromServer(
  server: { apiUrl: string; apiKey: string },
  of: 'audit' | 'crawl',
  id: string,
  policy: FixPolicy,
): Promise<Fix[]> {
  const backend = createRemoteBackend({ apiUrl: server.apiUrl, apiKey: server.apiKey });
  let fixes;
  try {
    fixes = await backend.getFixes!(of, id, policy);
  } catch (error) {
    if (error instanceof McpToolError) throw new FixInputError(error.message);
    throw error;
  }
  if (!fixes) throw new FixInputError(`no ${of} with id ${id} in the account of the key on ${server.apiUrl}`);
  return fixes;
}
