/** The page cannot be audited (browser pages, stores, files, no access yet): said plainly, not as a failure. */
export class RestrictedPageError extends Error {
  override name = 'RestrictedPageError';
}

export const NO_ACCESS_MESSAGE =
  'Citable may read a page only after you click its icon on that page. Click the Citable icon in the toolbar again to audit it. (The browser keeps its own pages and the extension stores closed to every extension.)';
export const ERROR_PAGE_MESSAGE =
  "This tab shows the browser's error page: the site did not load (offline, wrong address, or the server did not answer). Reload the page, then click the Citable icon again.";
export const PROTECTED_PAGE_MESSAGE =
  'This page cannot be audited: the browser does not let extensions read it (browser pages, extension stores, local files). Open a website and click the Citable icon there.';

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
  return new Error(`Could not read the page: ${message}`);
}
