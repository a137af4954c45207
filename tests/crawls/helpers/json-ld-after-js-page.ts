/**
 * A page whose JSON-LD only a browser sees (a script adds it): `rendering.json-ld-only-after-js` fires on it only
 * when it was rendered, so a crawl's issues tell which pages were.
 */
export const JSON_LD_AFTER_JS_RULE = 'rendering.json-ld-only-after-js';

export function jsonLdAfterJsPage(title: string, links: string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>
<p>${`${title} is a page of a small roastery site with enough words to be read as an article. `.repeat(8)}</p>
${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main><script>
const ld = document.createElement('script'); ld.type = 'application/ld+json';
ld.textContent = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Article', headline: document.title });
document.head.append(ld);
</script></body></html>`;
}
