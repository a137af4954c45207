import { browser } from 'wxt/browser';
import type { AuditRequest, AuditResponse } from '../messages.js';

/** The popup is a view over the background's audit message (contract section 7). */
export async function requestAudit(tabId: number): Promise<AuditResponse> {
  const request: AuditRequest = { type: 'citable:audit', tabId };
  try {
    const response = (await browser.runtime.sendMessage(request)) as AuditResponse | undefined;
    return response ?? { error: 'The extension background did not answer. Reload the extension and try again.' };
  } catch (err) {
    return { error: `The extension background is not reachable: ${err instanceof Error ? err.message : String(err)}` };
  }
}
