/**
 * The backend of `citable mcp` without a server: the engine in this process, with the same SSRF-guarded
 * fetcher as `citable audit` (AUDIT_ALLOW_PRIVATE lifts the guard). It keeps the audits it ran in memory
 * for get_audit until the process stops, and reads or writes nothing else: no account, so no citations.
 */
import type { Audit } from '../../../shared/types/audit.js';
import type { Renderer } from '../../../shared/types/renderer.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { createEngineRunner } from '../../audits/audit-runner.js';
import { createNodeFetcher } from '../../net/node-fetcher.js';
import { createBufferCache } from '../../util/lru.js';
import type { AuditSettings } from '../../settings/audit-settings.js';
import { McpToolError, type McpBackend } from '../backend.js';
import { buildAuditFixes } from '../../../shared/fixes/build-fixes.js';
import { readFixInputs } from '../../../shared/fixes/read-inputs.js';

const CRAWLS_NEED_A_SERVER =
  'citable mcp without a server keeps no crawls: set CITABLE_API_URL and CITABLE_API_KEY to read the fixes of a crawl on a Citable server';
import { throwAuditFailure } from './audit-failure.js';

export interface LocalBackendOptions extends AuditSettings {
  /** Bytes of audit JSON kept for get_audit; the oldest go first (default 64 MB, hundreds of audits). */
  keepBytes?: number;
  /** The browser for audit_url with `render` (started on the first one); absent: such calls get the API's 503 message. */
  renderer?: Renderer;
}

/** Audits running at once; an agent firing many calls waits in a short line rather than hogging the machine. */
const CONCURRENCY = 4;
const QUEUE_LIMIT = 50;

export function createLocalBackend(options: LocalBackendOptions): McpBackend {
  const fetcher = createNodeFetcher({ allowPrivate: options.allowPrivate });
  const runner = createEngineRunner({
    fetcher,
    ...(options.renderer ? { renderer: options.renderer } : {}),
    deadlineMs: options.deadlineMs,
    concurrency: CONCURRENCY,
    queueLimit: QUEUE_LIMIT,
  });
  const kept = createBufferCache(options.keepBytes ?? 64 * 1024 * 1024);
  const keptAudit = (raw: string): Audit | null => {
    const id = auditIdFromPath(raw);
    const json = id ? kept.get(id) : undefined;
    return json ? (JSON.parse(json.toString('utf8')) as Audit) : null;
  };
  return {
    auditScope:
      'among the audits this citable mcp process ran (it keeps them in memory until it stops; with CITABLE_API_URL and CITABLE_API_KEY it reads the audits stored on a Citable server)',
    async runAudit(url, run) {
      let audit: Audit;
      try {
        audit = await runner.run(url, run);
      } catch (error) {
        throwAuditFailure(error, { allowPrivateHint: !options.allowPrivate });
      }
      kept.set(audit.id, Buffer.from(JSON.stringify(audit)));
      return audit;
    },
    async getAudit(raw) {
      return keptAudit(raw);
    },
    async getFixes(of, raw, policy) {
      if (of === 'crawl') throw new McpToolError(CRAWLS_NEED_A_SERVER);
      const audit = keptAudit(raw);
      if (!audit) return null;
      return buildAuditFixes(audit, await readFixInputs(audit.final_url, { fetcher, deadlineMs: options.deadlineMs }), policy);
    },
  };
}
