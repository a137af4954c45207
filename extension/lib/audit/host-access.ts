import { browser } from 'wxt/browser';

/** Whether the extension itself holds host permission for a URL's origin (cached per audit). */
export function hostAccess(): { mayRead: (url: string) => Promise<boolean> } {
  const cache = new Map<string, Promise<boolean>>();
  return {
    mayRead(url: string) {
      const u = new URL(url);
      const origin = u.origin;
      let known = cache.get(origin);
      if (!known) {
        // No port in the pattern: Firefox refuses it (and a granted pattern covers every port anyway).
        known = browser.permissions.contains({ origins: [`${u.protocol}//${u.hostname}/*`] }).catch(() => false);
        cache.set(origin, known);
      }
      return known;
    },
  };
}
