import { browser } from 'wxt/browser';

/** The tab to audit: `?tabId=` (tests open the popup as a page) or the active tab of this window. */
export async function targetTab(search: string = location.search): Promise<{ id: number; url?: string } | null> {
  const fromQuery = new URLSearchParams(search).get('tabId');
  if (fromQuery && /^\d+$/.test(fromQuery)) {
    const tab = await browser.tabs.get(Number(fromQuery)).catch(() => null);
    return tab?.id !== undefined ? { id: tab.id, ...(tab.url ? { url: tab.url } : {}) } : null;
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id !== undefined ? { id: tab.id, ...(tab.url ? { url: tab.url } : {}) } : null;
}
