import { browser } from 'wxt/browser';

/** Whether the extension itself holds host permission for a URL's origin (cached per audit). */
export function hostAccess(): { mayRead: (url: string) => Promise<boolean> } {
  const cache = new Map<string, Promise<boolean>>();
  return {
    mayRead(url: string) {
      const origin = new URL(url).origin;
      let known = cache.get(origin);
      if (!known) {
        known = browser.permissions.contains({ origins: [`${origin}/*`] }).catch(() => false);
        cache.set(origin, known);
      }
      return known;
    },
  };
}
