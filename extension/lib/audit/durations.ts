import { browser } from 'wxt/browser';

/** How long the last audits of this browser took (ms, newest last): the popup's estimate. */
const DURATIONS_KEY = 'audit-durations';
const KEEP = 10;

async function load(): Promise<number[]> {
  const stored = (await browser.storage.local.get(DURATIONS_KEY))[DURATIONS_KEY];
  return Array.isArray(stored) ? stored.filter((n): n is number => typeof n === 'number' && n > 0) : [];
}

export async function recordDuration(ms: number): Promise<void> {
  if (!(ms > 0)) return;
  await browser.storage.local.set({ [DURATIONS_KEY]: [...(await load()), ms].slice(-KEEP) });
}

/** The median of the last audits' durations; undefined before the first audit. */
export async function typicalDuration(): Promise<number | undefined> {
  return median(await load());
}

export function median(list: readonly number[]): number | undefined {
  if (!list.length) return undefined;
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
