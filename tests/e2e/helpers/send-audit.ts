import type { Audit } from '../../../shared/types/audit.js';
import type { ExtensionSession } from './extension.js';

export type AuditAnswer = { audit: Audit } | { error: string; restricted?: boolean };

/** docs/api-decisions.md#extension: what any extension page (the popup, outside tests) sends the background. */
export function sendAuditMessage(session: ExtensionSession, tabId: number, fetchVia?: 'tab' | 'extension'): Promise<AuditAnswer> {
  return session.extensionPage.evaluate(
    ([id, via]) =>
      chrome.runtime.sendMessage(via ? { type: 'citable:audit', tabId: id, fetchVia: via } : { type: 'citable:audit', tabId: id }),
    [tabId, fetchVia] as const,
  ) as Promise<AuditAnswer>;
}

export function expectAudit(answer: AuditAnswer): Audit {
  if (!('audit' in answer)) throw new Error(`expected an audit, got error: ${answer.error}`);
  return answer.audit;
}
