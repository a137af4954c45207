/**
 * What the popup needs before its first paint, started as early as the page allows: the tab, the
 * history, the tab URL's audit from the last 10 minutes (docs/api-decisions.md#extension) and, when there is none,
 * the audit request itself, so the background works while the popup's modules load.
 *
 * No `wxt/browser` here: `popup-start.js` (a classic script at the top of popup.html) runs this with the
 * browser's own API before the popup's modules have loaded; the popup runs it with the polyfill when that
 * script did not (unit tests, a page opened without it).
 */
import type { Audit } from '../../../shared/types/audit.js';
import type { AuditRequest, AuditResponse } from '../messages.js';
import type { AuditRecord } from '../sync/records.js';
import { auditKey, RECORDS_KEY } from '../sync/storage-keys.js';
import { recentAuditFor } from './recent-audit.js';

export type Tab = { id: number; url?: string };

type RawTab = { id?: number; url?: string };
/** The few calls the first look makes, as both the native API (Chrome MV3, Firefox) and the polyfill offer them. */
export interface FirstLookApi {
  tabs: { get(id: number): Promise<RawTab>; query(q: { active: true; currentWindow: true }): Promise<RawTab[]> };
  storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
  runtime: { sendMessage(message: AuditRequest): Promise<unknown> };
  /** The popup's two errors of its own come from the catalogue (docs/extension.md#translating). */
  i18n: { getMessage(name: 'popupBackgroundSilent' | 'popupBackgroundUnreachable', substitutions?: string[]): string };
}

export interface FirstLook {
  tab: Tab | null;
  records: AuditRecord[];
  /** The tab URL's audit from the last 10 minutes, shown without auditing again. */
  recent?: Audit;
  /** The audit already asked of the background when there was no recent one. */
  request?: { startedAt: number; response: Promise<AuditResponse> };
}

/** Where popup-start.js leaves its first look for the popup. */
export const FIRST_LOOK_GLOBAL = '__citableFirstLook';

export function startFirstLook(api: FirstLookApi, search: string): Promise<FirstLook> {
  return Promise.all([
    findTab(api, search),
    api.storage.local.get(RECORDS_KEY).then((r) => (r[RECORDS_KEY] as AuditRecord[] | undefined) ?? []),
  ]).then(async ([tab, records]) => {
    const recentRecord = tab ? recentAuditFor(records, tab.url) : undefined;
    const key = recentRecord ? auditKey(recentRecord.id) : undefined;
    const recent = key ? ((await api.storage.local.get(key))[key] as Audit | undefined) : undefined;
    if (recent || !tab) return { tab, records, ...(recent ? { recent } : {}) };
    return { tab, records, request: { startedAt: Date.now(), response: sendAuditRequest(api, tab.id) } };
  });
}

/** The popup's audit: the first look's when popup-start.js made one (taken once), else a new one. */
export function takeFirstLook(api: FirstLookApi, search: string): Promise<FirstLook> {
  const holder = globalThis as unknown as Record<string, Promise<FirstLook> | undefined>;
  const early = holder[FIRST_LOOK_GLOBAL];
  delete holder[FIRST_LOOK_GLOBAL];
  return early ?? startFirstLook(api, search);
}

/** The tab to audit: `?tabId=` (tests open the popup as a page) or the active tab of this window. */
export async function findTab(api: FirstLookApi, search: string): Promise<Tab | null> {
  const fromQuery = new URLSearchParams(search).get('tabId');
  const tab =
    fromQuery && /^\d+$/.test(fromQuery)
      ? await api.tabs.get(Number(fromQuery)).catch(() => null)
      : (await api.tabs.query({ active: true, currentWindow: true }))[0];
  return tab?.id !== undefined ? { id: tab.id, ...(tab.url ? { url: tab.url } : {}) } : null;
}

/** The popup is a view over the background's audit message (docs/api-decisions.md#extension). */
export async function sendAuditRequest(api: FirstLookApi, tabId: number): Promise<AuditResponse> {
  try {
    const response = (await api.runtime.sendMessage({ type: 'citable:audit', tabId })) as AuditResponse | undefined;
    return response ?? { error: api.i18n.getMessage('popupBackgroundSilent') };
  } catch (err) {
    return { error: api.i18n.getMessage('popupBackgroundUnreachable', [err instanceof Error ? err.message : String(err)]) };
  }
}
