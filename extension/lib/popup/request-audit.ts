import { browser } from 'wxt/browser';
import type { AuditResponse } from '../messages.js';
import { sendAuditRequest, type FirstLookApi } from './first-look.js';

/** The popup is a view over the background's audit message (docs/api-decisions.md#extension). */
export function requestAudit(tabId: number): Promise<AuditResponse> {
  return sendAuditRequest(browser as unknown as FirstLookApi, tabId);
}
