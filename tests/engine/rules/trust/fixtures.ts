/** Fixtures several Trust rule tests share. */
import type { FetchedResource } from '../../../../shared/types/index.js';
import { resource, snapshot, words } from '../../../helpers/snapshot.js';

// The snapshot helper starts gathering at 2026-11-21T00:00:00Z; freshness is measured from there.
export const doc = (head: string, body = '', over = {}) =>
  snapshot(
    `<!doctype html><html lang="en"><head><title>Dated page</title>${head}</head><body>${body}<p>${words(300)}</p></body></html>`,
    over,
  );
export const article = (dates: Record<string, string>) =>
  doc(`<script type="application/ld+json">${JSON.stringify({ '@type': 'Article', ...dates })}</script>`);

const html = '<!doctype html><html><body><p>x</p></body></html>';
/** A one-paragraph page served at `url`. */
export const at = (url: string, over: Partial<FetchedResource> = {}) =>
  snapshot(html, { requestedUrl: url, page: resource(url, html, over) });
/** The same page reached by a redirect from `from` to `to`. */
export const redirected = (from: string, to: string) =>
  snapshot(html, { requestedUrl: from, page: resource(from, html, { finalUrl: to, redirects: [{ url: from, status: 301 }] }) });
/** The same redirect as a browser's fetch reports it (the extension): where it ended, no hops. */
export const redirectedInBrowser = (from: string, to: string) =>
  snapshot(html, { requestedUrl: from, page: resource(from, html, { finalUrl: to, redirects: [] }) });
