import { t } from '../i18n/t.js';

/** The page cannot be audited (browser pages, stores, files, no access yet): said plainly, not as a failure. */
export class RestrictedPageError extends Error {
  override name = 'RestrictedPageError';
}

// In the browser's language; the popup and the background read the same catalogue, so the popup can tell them apart.
export const NO_ACCESS_MESSAGE = t('restrictedNoAccessMessage');
export const ERROR_PAGE_MESSAGE = t('restrictedErrorPageMessage');
export const PROTECTED_PAGE_MESSAGE = t('restrictedProtectedMessage');

/**
 * What the browser's refusal to run a script in the tab means, in words a user can act on.
 * Chrome: "Frame with ID 0 is showing error page", "Cannot access contents of url "https://…"",
 * "Cannot access a chrome:// URL"; Firefox: "Missing host permission for the tab".
 */
export function describeInjectionError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/showing error page|error page/i.test(message)) return new RestrictedPageError(ERROR_PAGE_MESSAGE);
  if (/cannot be scripted|extensions gallery|chrome:\/\/|about:|cannot access a |moz-extension|chrome-extension/i.test(message)) {
    return new RestrictedPageError(PROTECTED_PAGE_MESSAGE);
  }
  // A web page (http, https) the extension has no access to: activeTab was not granted, or it lapsed.
  if (/cannot access contents of (url "https?:|the page)|missing host permission|must request permission/i.test(message)) {
    return new RestrictedPageError(NO_ACCESS_MESSAGE);
  }
  return new Error(t('restrictedCouldNotRead', message));
}
