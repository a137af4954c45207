import { browser } from 'wxt/browser';

/** Backend settings. storage.local only: an API key must never travel through browser sync. */
export interface Settings {
  /** e.g. https://citable.example.com (no trailing slash, no /api/v1). */
  backendUrl: string;
  apiKey: string;
}

const KEY = 'settings';

export async function loadSettings(): Promise<Settings> {
  const stored = (await browser.storage.local.get(KEY))[KEY] as Partial<Settings> | undefined;
  return { backendUrl: stored?.backendUrl ?? '', apiKey: stored?.apiKey ?? '' };
}

export async function saveSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ [KEY]: { backendUrl: normalizeBackendUrl(settings.backendUrl), apiKey: settings.apiKey.trim() } });
}

export const SETTINGS_KEY = KEY;

/** Accepts "host:port", a trailing slash, or a pasted ".../api/v1"; returns the bare origin + path. */
export function normalizeBackendUrl(input: string): string {
  let s = input.trim();
  if (!s) return '';
  if (!/^https?:\/\//i.test(s)) s = `https://${s}`;
  return s.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
}

export function isConfigured(s: Settings): boolean {
  return !!s.backendUrl && !!s.apiKey;
}

/** A short non-secret tag of the key, to notice "the key changed" without storing the key twice. */
export function keyTag(apiKey: string): string {
  let h = 2166136261;
  for (let i = 0; i < apiKey.length; i++) h = Math.imul(h ^ apiKey.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
