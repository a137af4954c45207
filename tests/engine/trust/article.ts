/** Pages for the article-detection tests and trust.author: a 300-word page with `head` and `body`. */
import { snapshot, words } from '../../helpers/snapshot.js';

export const doc = (head: string, body = `<p>${words(300)}</p>`) =>
  snapshot(`<!doctype html><html lang="en"><head><title>Article page</title>${head}</head><body>${body}</body></html>`);
export const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
export const OG_ARTICLE = '<meta property="og:type" content="article">';
