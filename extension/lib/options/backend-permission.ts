import { browser } from 'wxt/browser';

/**
 * Host access to the backend origin, asked for from the options page (a user gesture) so sync does
 * not depend on the server's CORS setup. Declining is allowed: CORS may still let requests through.
 */
export async function ensureBackendAccess(backendUrl: string): Promise<boolean> {
  let origin: string;
  try {
    origin = new URL(backendUrl).origin;
  } catch {
    return false;
  }
  const origins = [`${origin}/*`];
  if (await browser.permissions.contains({ origins }).catch(() => false)) return true;
  return browser.permissions.request({ origins }).catch(() => false);
}
