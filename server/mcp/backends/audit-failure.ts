/**
 * Why an audit could not run, said the way POST /audits says it (its 400, 422 and 503 messages), thrown
 * as an McpToolError. Anything else is rethrown as it is: an internal error, which the tool logs.
 */
import { AuditFetchError, AuditInputError, AuditRenderError } from '../../../shared/audit/errors.js';
import { AuditCancelledError, AuditorBusyError, AuditTooHeavyError } from '../../audits/audit-runner.js';
import { McpToolError } from '../backend.js';

export function throwAuditFailure(error: unknown, options: { allowPrivateHint?: boolean } = {}): never {
  if (
    error instanceof AuditInputError ||
    error instanceof AuditRenderError ||
    error instanceof AuditTooHeavyError ||
    error instanceof AuditorBusyError
  )
    throw new McpToolError(error.message);
  if (error instanceof AuditFetchError) {
    const hint =
      options.allowPrivateHint && error.code === 'blocked_address'
        ? ' Start citable mcp with AUDIT_ALLOW_PRIVATE=1 to audit it in local development.'
        : '';
    throw new McpToolError(`${error.message}${hint}`);
  }
  if (error instanceof AuditCancelledError) throw new McpToolError('The server is shutting down and cancelled this audit: retry shortly');
  throw error;
}
