import { randomUUID } from 'node:crypto';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import type { Audit } from '../../../shared/types/audit.js';
import { snapshot } from '../../helpers/snapshot.js';
import { SAMPLE_PAGE } from './fake-fetcher.js';

/** A real engine audit as the extension makes it: origin "extension", runtime WebMCP probe filled. */
export function extensionAudit(id: string = randomUUID()): Audit {
  const audit = auditSnapshot(
    snapshot(SAMPLE_PAGE, {
      origin: 'extension',
      runtimeWebmcp: { apiAvailable: false, tools: [], checkedAt: '2026-11-21T10:00:00.000Z' },
    }),
    { id, now: () => new Date('2026-11-21T10:00:01.000Z') },
  );
  return audit;
}
