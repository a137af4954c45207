import { auditSourceLine } from '../../audit/audit-inputs.js';
import type { AuditInputs } from '../../types/audit.js';
import { useT } from '../i18n-context.js';

/**
 * Where the audit was scored and what that includes or leaves out, in one line under the score: an audit from the
 * browser and one from the server may differ, and this says why (docs/audits.md#why-the-extension-and-the-server-can-differ).
 */
export function SourceLine({ audit }: { audit: { origin: string; inputs?: AuditInputs | null | undefined } }) {
  const line = auditSourceLine(audit, useT());
  if (!line) return null;
  return (
    <p class="muted small source-line" data-testid="source-line" data-origin={audit.origin}>
      {line}
    </p>
  );
}
