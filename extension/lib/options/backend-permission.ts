import { browser } from 'wxt/browser';

/**
 * Host access to the backend origin, asked for from the options page so sync does not depend on the
 * server's CORS setup. Declining is allowed: CORS may still let requests through.
 *
 * Call it synchronously from the click handler, before any other await: Firefox grants
 * `permissions.request` only as the first asynchronous step of a user action (and asks nothing when
 * the permission is already held, as Chrome does).
 */
export function requestBackendAccess(backendUrl: string): Promise<boolean> {
  let origin: string;
  try {
    origin = new URL(backendUrl).origin;
  } catch {
    return Promise.resolve(false);
  }
  return browser.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
}
