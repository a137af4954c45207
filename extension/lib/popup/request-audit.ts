import { browser } from 'wxt/browser';
import type { AuditResponse } from '../messages.js';
import { sendAuditRequest, type FirstLookApi } from './first-look.js';

/** The popup is a view over the background's audit message (contract section 7). */
export function requestAudit(tabId: number): Promise<AuditResponse> {
  return sendAuditRequest(browser as unknown as FirstLookApi, tabId);
}
