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
  let pattern: string;
  try {
    const u = new URL(backendUrl);
    // No port in a match pattern: Firefox rejects the whole request for one (Chrome ignores it).
    pattern = `${u.protocol}//${u.hostname}/*`;
  } catch {
    return Promise.resolve(false);
  }
  return browser.permissions.request({ origins: [pattern] }).catch(() => false);
}
