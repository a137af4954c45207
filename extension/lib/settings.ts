import { browser } from 'wxt/browser';
import { t } from './i18n/t.js';

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

/**
 * Accepts "host:port", a trailing slash, or a pasted ".../api/v1"; returns the bare origin + path.
 * Without a scheme, a server on this machine or the local network gets http (it rarely has a
 * certificate); anything else gets https.
 */
export function normalizeBackendUrl(input: string): string {
  let s = input.trim();
  if (!s) return '';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) s = `${isLocalHost(hostOf(s)) ? 'http' : 'https'}://${s}`;
  return s.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
}

/** Why a (normalized) backend URL cannot be used, in words; null when it can. */
export function backendUrlProblem(url: string): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return t('settingsNotWebAddress', url);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return t('settingsHttpOnly', u.protocol);
  if (u.username || u.password) return t('settingsNoCredentials');
  if (u.search || u.hash) return t('settingsAddressOnly');
  return null;
}

/** "127.0.0.1:8787/x" → "127.0.0.1"; "[::1]:8787" → "[::1]". */
function hostOf(withoutScheme: string): string {
  const authority = withoutScheme.split(/[/?#]/)[0]!;
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1);
  return authority.split(':')[0]!.toLowerCase();
}

function isLocalHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '[::1]' || host === '0.0.0.0') return true;
  if (!host.includes('.') && !host.startsWith('[')) return true; // a single-label name on the local network
  const ip = host.match(/^(\d+)\.(\d+)\.\d+\.\d+$/);
  if (!ip) return false;
  const [a, b] = [Number(ip[1]), Number(ip[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
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
