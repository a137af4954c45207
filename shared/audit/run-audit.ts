import type { Audit } from '../types/audit.js';
import type { Fetcher } from '../types/fetcher.js';
import type { Snapshot } from '../types/snapshot.js';
import { normalizeAuditUrl } from '../url/normalize.js';
import { gather, type GatherOptions } from '../gather/gather.js';
import { auditSnapshot, type AuditSnapshotOptions } from './audit-snapshot.js';
import { AuditFetchError, AuditInputError, describeFetchError } from './errors.js';

export interface RunAuditOptions extends Omit<GatherOptions, 'fetcher'>, Partial<Pick<AuditSnapshotOptions, 'onRuleError' | 'rules'>> {
  fetcher: Fetcher;
  /** Audit id; a random UUID v4 when absent. */
  id?: string;
  /** Adds what only the host can see (the extension's rendered DOM and runtime probe) before judging. */
  enrich?: (snapshot: Snapshot) => Promise<Snapshot> | Snapshot;
}

/** Connection-level failures after which a bare host is retried over plain http. */
const RETRY_OVER_HTTP = new Set(['refused', 'tls', 'network']);

/** Gather, then judge, then score. Throws AuditInputError or AuditFetchError when no audit is possible. */
export async function runAudit(input: unknown, options: RunAuditOptions): Promise<Audit> {
  const normalized = normalizeAuditUrl(input);
  if (!normalized.ok) throw new AuditInputError(normalized.problem, normalized.message);

  let snapshot = await gather(normalized.url, normalized.submitted, options);
  if (normalized.bareHost && snapshot.page.error && RETRY_OVER_HTTP.has(snapshot.page.error.code)) {
    const overHttp = normalized.url.replace(/^https:/, 'http:');
    const retry = await gather(overHttp, normalized.submitted, options);
    if (!retry.page.error) snapshot = retry;
  }
  const pageError = snapshot.page.error;
  if (pageError) {
    throw new AuditFetchError(pageError.code, describeFetchError(pageError.code, normalized.submitted, pageError.message));
  }
  if (options.enrich) snapshot = await options.enrich(snapshot);
  return auditSnapshot(snapshot, {
    id: options.id ?? crypto.randomUUID(),
    ...(options.now ? { now: options.now } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.onRuleError ? { onRuleError: options.onRuleError } : {}),
  });
}
